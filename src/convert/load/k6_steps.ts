/**
 * A flow's nodes as the body of a k6 scenario function: a sub-flow is a
 * `group`, `For each` a `for … of` loop (collecting the runs' captures when a
 * later step reads them), a sub-flow with `data:` a `for … of` its rows,
 * `When` an `if`, `Delay` a `sleep`, `Until` a bounded loop that sleeps
 * `Every` between attempts, `Always` the `finally` of a `try` around the
 * steps before it. Rules are evaluated by the script's helpers (`load_js.ts`)
 * exactly as apispec evaluates them. `return false` ends the iteration (a
 * capture that selected nothing), from inside groups too, after the `Always`
 * steps.
 */
import type { Segment } from "../../engine/compare/json_path.ts";
import {
  checkLabel,
  generatedNames,
  type LoadCapture,
  type LoadCheck,
  type LoadStep,
  statusRanges,
} from "./load_script.ts";
import type { LoadData, LoadNode, LoadUntil } from "./load_flow.ts";
import { jsRule, jsSelect, jsText } from "./load_js.ts";
import { jsKey, jsLiteral, jsString } from "../../engine/render/code_text.ts";

export interface K6Context {
  notes: string[];
  /** The k6 functions the code calls, for the import line. */
  uses: Set<"check" | "group" | "sleep">;
  /** Whether a loop goes over a run-time list (the script then needs `each`). */
  loops: boolean;
  /** Whether a request uses generated values (the script then needs `generator`). */
  generated: boolean;
  /** Data files read into a `SharedArray`, by path: the flow's rows and its sub-flows'. */
  datasets: Map<string, { id: string; data: LoadData }>;
}

/** The `SharedArray` constant that holds a data file's rows (one per file). */
export function dataset(kc: K6Context, data: LoadData): string {
  let known = kc.datasets.get(data.path);
  if (!known) kc.datasets.set(data.path, known = { id: `DATA_${kc.datasets.size + 1}`, data });
  return known.id;
}

const path = (segments: Segment[]) => jsLiteral(segments);
const indent = (lines: string[]) => lines.map((l) => `  ${l}`);

/** The check's predicate over `r` (the response), or undefined when it cannot be evaluated. */
function predicate(check: LoadCheck): string | undefined {
  if (check.kind === "status") {
    return statusRanges(check.statuses).map(({ min, max }) =>
      min === max ? `r.status === ${min}` : `(r.status >= ${min} && r.status <= ${max})`
    ).join(" || ");
  }
  if (check.kind === "header") return `header(r, ${jsLiteral(check.name)}) !== undefined`;
  if (check.kind === "type") return `jsonType(field(r, ${path(check.path)})) === "${check.type}"`;
  const rule = jsRule(check.rule, check.operand);
  return rule && `holds(${rule}, ${jsSelect(check.rule.path)})`;
}

/** What a capture selects from the response `r`. */
function captured(c: LoadCapture, r: string): string {
  return c.from === "status"
    ? `${r}.status`
    : c.from === "header"
    ? `header(${r}, ${jsLiteral(c.header)})`
    : `at(${r}, "body", ${path(c.path)}).value`;
}

/**
 * A request: send it (polling when it has `Until`), check the response, keep
 * its captures. A capture that selected nothing ends the iteration, except
 * in an `Always` step, whose later steps run anyway.
 */
function requestCode(
  step: LoadStep,
  until: LoadUntil | undefined,
  always: boolean,
  kc: K6Context,
): string[] {
  // The documented statuses are a success for k6's http_req_failed, even a 404.
  const status = step.checks.find((c) => c.kind === "status");
  const expected = status &&
    statusRanges(status.statuses).map(({ min, max }) =>
      min === max ? String(min) : `{ min: ${min}, max: ${max} }`
    ).join(", ");
  const headers = step.headers.map((h) => `${jsKey(h.name)}: ${jsText(h.value)}`);
  if (step.basicAuth) {
    headers.push(
      `Authorization: "Basic " + encoding.b64encode(${jsText(step.basicAuth.user)} + ":" + ${
        jsText(step.basicAuth.pass)
      })`,
    );
  }
  // Generated values: fresh for each request (each Until attempt too), one value per name in it.
  const fresh = generatedNames(step).length > 0;
  if (fresh) kc.generated = true;
  const send = [
    ...(fresh ? [`gen = generator();`] : []),
    `res = http.request(${jsLiteral(step.method)}, ${jsText(step.url)}, ${
      step.body === undefined ? "null" : jsText(step.body)
    }, {`,
    `  headers: { ${headers.join(", ")} },`,
    `  tags: { name: ${jsLiteral(step.name)} },`,
    ...(expected === undefined ? [] : [`  responseCallback: http.expectedStatuses(${expected}),`]),
    `});`,
  ];
  const named = (label: string, test: string) =>
    `  ${jsKey(`${step.name}: ${label}`)}: (r) => ${test},`;
  const checks = step.checks.flatMap((check) => {
    const test = predicate(check);
    if (!test) kc.notes.push(`${step.name}: ${checkLabel(check)}`);
    return test ? [named(checkLabel(check), test)] : [];
  });
  // A capture that selects nothing fails the step in apispec: here it fails a check.
  for (const c of step.captures) {
    if (c.from !== "status") {
      checks.push(named(`capture ${c.variable}`, `${captured(c, "r")} != null`));
    }
  }
  const lines = send;
  if (until) {
    const rule = jsRule(until.rule, until.operand);
    const test = rule ? `holds(${rule}, ${jsSelect(until.rule.path, "res")})` : "true";
    if (!rule) kc.notes.push(`${step.name}: until ${until.rule.source} (sent once)`);
    kc.uses.add("sleep");
    lines.splice(0, lines.length, ...[
      `for (let attempt = 1; ; attempt++) {`,
      ...indent(send),
      `  if (${test} || attempt >= ${until.times}) break;`,
      `  sleep(${until.everyMs / 1000});`,
      `}`,
    ]);
    if (rule) {
      checks.push(
        named(`until ${until.rule.source}`, `holds(${rule}, ${jsSelect(until.rule.path)})`),
      );
    }
  }
  if (checks.length > 0) {
    kc.uses.add("check");
    lines.push(`check(res, {`, ...checks, `});`);
  }
  for (const c of step.captures) {
    lines.push(`vars[${jsLiteral(c.variable)}] = ${captured(c, "res")};`);
    // As in apispec, a capture that selects nothing stops the flow (its Always steps still run).
    if (!always) lines.push(`if (vars[${jsLiteral(c.variable)}] == null) return false;`);
  }
  return lines;
}

/** The test that lets a node run: its `When`, and that the captures it needs were made. */
function condition(node: LoadNode, kc: K6Context): string | undefined {
  const tests = node.requires.map((name) => `vars[${jsLiteral(name)}] !== undefined`);
  if (node.when) {
    const rule = jsRule(node.when.rule, [{ text: node.when.rule.operand }]);
    if (rule) tests.push(`holds(${rule}, variable(vars, ${jsLiteral(node.when.variable)}))`);
    else kc.notes.push(`${node.name}: when ${node.when.rule.source} (runs always)`);
  }
  return tests.length === 0 ? undefined : tests.join(" && ");
}

/**
 * Sibling nodes' code. An `Always` node runs in the `finally` of a `try`
 * around the nodes before it, so it runs after a `return false` (or an
 * exception) there too, as a cleanup step runs after a failure in apispec.
 */
export function nodesCode(nodes: LoadNode[], kc: K6Context): string[] {
  let lines: string[] = [];
  let stoppable = false;
  for (const node of nodes) {
    const code = nodeCode(node, kc);
    if (node.always && stoppable) {
      lines = [`try {`, ...indent(lines), `} finally {`, ...indent(code), `}`];
    } else lines.push(...code);
    stoppable ||= !node.always;
  }
  return lines;
}

/** One node's code. */
function nodeCode(node: LoadNode, kc: K6Context): string[] {
  const body: string[] = [];
  if (node.delayMs) {
    kc.uses.add("sleep");
    body.push(`sleep(${node.delayMs / 1000});`);
  }
  if (node.request) body.push(...requestCode(node.request, node.until, !!node.always, kc));
  else {
    kc.uses.add("group");
    const name = node.name.split(" › ").at(-1)!;
    const children = indent(nodesCode(node.children ?? [], kc));
    body.push(
      ...(node.always
        ? [`group(${jsLiteral(name)}, () => {`, ...children, `});`]
        : [`if (group(${jsLiteral(name)}, () => {`, ...children, `}) === false) return false;`]),
    );
  }
  const collected = node.collects.map((c) => c.variable);
  // The runs' values become a list after the loop, as in `apispec flow`.
  if (node.loop) {
    body.push(...collected.map((name) => `runs[${jsString(name)}].push(vars[${jsString(name)}]);`));
  }
  const test = condition(node, kc);
  const guarded = test === undefined ? body : [`if (${test}) {`, ...indent(body), `}`];
  if (!node.loop) return guarded;
  const { over, as } = node.loop;
  if ("var" in over) {
    kc.uses.add("check");
    kc.loops = true;
  }
  const list = "var" in over
    ? `each(vars, ${jsLiteral(over.var)}, ${jsLiteral(node.name)})`
    : "rows" in over
    ? dataset(kc, over.rows)
    : jsLiteral(over.items);
  const loop = [
    `for (const item of ${list}) {`,
    ...indent([`vars[${jsLiteral(as)}] = item;`, ...guarded]),
    `}`,
  ];
  if (collected.length === 0) return loop;
  return [
    `{`,
    ...indent([
      `const runs = { ${collected.map((name) => `${jsKey(name)}: []`).join(", ")} };`,
      ...loop,
      ...collected.map((name) => `vars[${jsString(name)}] = runs[${jsString(name)}];`),
    ]),
    `}`,
  ];
}
