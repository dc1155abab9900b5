/**
 * A flow's nodes as the body of a k6 scenario function: a sub-flow is a
 * `group`, `For each` a `for … of` loop (collecting the runs' captures when a
 * later step reads them), `When` an `if`, `Delay` a `sleep`, `Until` a
 * bounded loop that sleeps `Every` between attempts. Rules are evaluated by
 * the script's helpers (`load_js.ts`) exactly as apispec evaluates them.
 * `return false` ends the iteration (a capture that selected nothing), from
 * inside groups too.
 */
import type { Segment } from "../../engine/compare/json_path.ts";
import { checkLabel, type LoadCapture, type LoadCheck, type LoadStep } from "./load_script.ts";
import type { LoadNode, LoadUntil } from "./load_flow.ts";
import { jsRule, jsSelect, jsText } from "./load_js.ts";
import { jsKey, jsLiteral, jsString } from "../../engine/render/code_text.ts";

export interface K6Context {
  notes: string[];
  /** The k6 functions the code calls, for the import line. */
  uses: Set<"check" | "group" | "sleep">;
  /** Whether a loop goes over a run-time list (the script then needs `each`). */
  loops: boolean;
}

const path = (segments: Segment[]) => jsLiteral(segments);
const indent = (lines: string[]) => lines.map((l) => `  ${l}`);

/** The check's predicate over `r` (the response), or undefined when it cannot be evaluated. */
function predicate(check: LoadCheck): string | undefined {
  if (check.kind === "status") return `r.status === ${check.status}`;
  if (check.kind === "header") return `header(r, ${jsLiteral(check.name)}) !== undefined`;
  if (check.kind === "type") return `jsonType(field(r, ${path(check.path)})) === "${check.type}"`;
  const rule = jsRule(check.rule, check.operand);
  return rule && `holds(${rule}, ${jsSelect(check.rule.path)})`;
}

function captureLine(c: LoadCapture): string {
  const source = c.from === "status"
    ? "res.status"
    : c.from === "header"
    ? `header(res, ${jsLiteral(c.header)})`
    : `at(res, "body", ${path(c.path)}).value`;
  return `vars[${jsLiteral(c.variable)}] = ${source};`;
}

/** A request: send it (polling when it has `Until`), check the response, keep its captures. */
function requestCode(step: LoadStep, until: LoadUntil | undefined, kc: K6Context): string[] {
  // The documented status is a success for k6's http_req_failed, even a 404.
  const status = step.checks.find((c) => c.kind === "status")?.status;
  const headers = step.headers.map((h) => `${jsKey(h.name)}: ${jsText(h.value)}`);
  if (step.basicAuth) {
    headers.push(
      `Authorization: "Basic " + encoding.b64encode(${jsText(step.basicAuth.user)} + ":" + ${
        jsText(step.basicAuth.pass)
      })`,
    );
  }
  const send = [
    `res = http.request(${jsLiteral(step.method)}, ${jsText(step.url)}, ${
      step.body === undefined ? "null" : jsText(step.body)
    }, {`,
    `  headers: { ${headers.join(", ")} },`,
    `  tags: { name: ${jsLiteral(step.name)} },`,
    ...(status === undefined ? [] : [`  responseCallback: http.expectedStatuses(${status}),`]),
    `});`,
  ];
  const named = (label: string, test: string) =>
    `  ${jsKey(`${step.name}: ${label}`)}: (r) => ${test},`;
  const checks = step.checks.flatMap((check) => {
    const test = predicate(check);
    if (!test) kc.notes.push(`${step.name}: ${checkLabel(check)}`);
    return test ? [named(checkLabel(check), test)] : [];
  });
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
    lines.push(captureLine(c));
    // Like Artillery, a capture that selects nothing ends this iteration.
    lines.push(`if (vars[${jsLiteral(c.variable)}] == null) return false;`);
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

/** One node's code. */
export function nodeCode(node: LoadNode, kc: K6Context): string[] {
  const body: string[] = [];
  if (node.delayMs) {
    kc.uses.add("sleep");
    body.push(`sleep(${node.delayMs / 1000});`);
  }
  if (node.request) body.push(...requestCode(node.request, node.until, kc));
  else {
    kc.uses.add("group");
    const name = node.name.split(" › ").at(-1)!;
    body.push(
      `if (group(${jsLiteral(name)}, () => {`,
      ...indent((node.children ?? []).flatMap((child) => nodeCode(child, kc))),
      `}) === false) return false;`,
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
