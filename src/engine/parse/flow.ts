/**
 * Pipeline ("flow") files: frontmatter (`type: pipeline`, `name`,
 * `description`, `parallel`, `continue-on-error`) and a `## Steps` ordered
 * list. Each step is `N. **Name** -> \`apis/<resource>/<file>.md\`` with
 * `Capture:`, `Inject:` and `Assert:` sub-items.
 */
import { type Issue, issue, warning } from "../issue.ts";
import type { AssertionRule, Capture, FlowSpec, FlowStep } from "../model.ts";
import { parseAssertion } from "./assertion.ts";
import { readFrontmatter } from "./frontmatter.ts";
import { normalizeText, parseMarkdown } from "./markdown.ts";

/** The capture expressions of SPEC.md plus `response.status`. */
export const CAPTURE_EXPRESSION =
  /^response\.(status|body(?:\[\d+\]|\.[A-Za-z_$][\w$-]*)*|headers\.[!#$%&'*+.^_`|~0-9A-Za-z-]+)$/;
const VARIABLE = /^[A-Za-z_][\w]*$/;

const STEP_LINE = /^\s{0,3}\d+[.)]\s+(.*)$/;
const PROPERTY_LINE = /^\s+[-*+]\s+([A-Za-z-]+)\s*:\s*(.*)$/;

/**
 * Parses a flow file.
 *
 * @example
 * ```ts
 * import { parseFlow } from "./flow.ts";
 * const text = "---\ntype: pipeline\nname: demo\n---\n## Steps\n\n1. **List** -> `apis/users/get-users.md`\n" +
 *   "   - Capture: `response.body[0].id` as `userId`\n";
 * parseFlow(text, "flows/demo.md").flow?.steps[0].captures[0].variable; // "userId"
 * ```
 */
export function parseFlow(text: string, file: string): { flow?: FlowSpec; issues: Issue[] } {
  const doc = parseMarkdown(text);
  const { reader, issues } = readFrontmatter(doc, file, "flow file");
  if (!reader) return { issues };
  const type = reader.raw(["type"]);
  if (type === undefined) {
    issues.push(warning('Flow frontmatter has no "type"', {
      file,
      line: 1,
      fix: "Add `type: pipeline` to the frontmatter",
    }));
  } else if (type !== "pipeline") {
    reader.fail(
      ["type"],
      `Field "type" must be "pipeline", got ${JSON.stringify(type)}`,
      "Write `type: pipeline`",
    );
  }
  const name = reader.string(["name"], false);
  const description = reader.string(["description"], false) ?? "";
  const parallel = boolean(reader.raw(["parallel"]), "parallel");
  const continueOnError = boolean(reader.raw(["continue-on-error"]), "continue-on-error");
  reader.warnUnknown();
  issues.push(...reader.issues);

  function boolean(value: unknown, key: string): boolean {
    if (value === undefined || value === null) return false;
    if (typeof value !== "boolean") {
      reader!.fail([key], `Field "${key}" must be true or false`, `Write \`${key}: false\``);
      return false;
    }
    return value;
  }

  const section = doc.sections.find((s) => s.heading.toLowerCase() === "steps");
  if (!section) {
    issues.push(issue("SPEC_PARSE_ERROR", 'Missing section "## Steps"', {
      file,
      line: doc.sections[0]?.line ?? doc.lineCount,
      fix: "Add `## Steps` with an ordered list: 1. **Name** -> `apis/<resource>/<file>.md`",
    }));
    return { issues };
  }
  const lines = normalizeText(text).split("\n");
  const steps = parseSteps(lines, section.line + 1, section.endLine, file, issues);
  if (steps.length === 0) {
    issues.push(issue("SPEC_PARSE_ERROR", "Flow has no steps", {
      file,
      line: section.line,
      fix: "List steps as `1. **Name** -> `apis/<resource>/<file>.md``",
    }));
  }
  checkInjects(steps, file, issues);
  if (issues.some((i) => i.severity === "error")) return { issues };
  return {
    flow: {
      kind: "flow",
      file,
      name: name ?? file.replace(/^.*\//, "").replace(/\.md$/, ""),
      title: doc.title?.text ?? name ?? file,
      description: description || doc.description,
      parallel,
      continueOnError,
      steps,
    },
    issues,
  };
}

function parseSteps(
  lines: string[],
  from: number,
  to: number,
  file: string,
  issues: Issue[],
): FlowStep[] {
  const steps: FlowStep[] = [];
  let inFence = false;
  for (let line = from; line <= to; line++) {
    const text = lines[line - 1] ?? "";
    if (/^\s*(```|~~~)/.test(text)) inFence = !inFence;
    if (inFence) continue;
    const stepMatch = STEP_LINE.exec(text);
    if (stepMatch) {
      const step = parseStepLine(stepMatch[1], file, line, issues);
      if (step) steps.push(step);
      continue;
    }
    const property = PROPERTY_LINE.exec(text);
    if (!property) continue;
    const step = steps.at(-1);
    if (!step) {
      issues.push(issue("SPEC_PARSE_ERROR", `"${property[1]}" line comes before any step`, {
        file,
        line,
        fix: "Indent Capture/Inject/Assert lines under a numbered step",
      }));
      continue;
    }
    parseProperty(step, property[1], property[2], file, line, issues);
  }
  return steps;
}

function parseStepLine(
  rest: string,
  file: string,
  line: number,
  issues: Issue[],
): FlowStep | undefined {
  const match = /^(.*?)\s*(?:->|→)\s*(.+)$/.exec(rest);
  if (!match) {
    issues.push(issue("SPEC_PARSE_ERROR", `Cannot parse step "${rest.trim()}"`, {
      file,
      line,
      fix: "Write a step as `1. **Name** -> `apis/<resource>/<file>.md``",
    }));
    return undefined;
  }
  const name = match[1].replace(/^\*\*(.*)\*\*$/, "$1").replace(/^__(.*)__$/, "$1").trim();
  const endpoint = unquote(match[2]);
  if (!endpoint.endsWith(".md")) {
    issues.push(
      issue(
        "SPEC_PARSE_ERROR",
        `Step "${name}" must point at an endpoint .md file, got "${endpoint}"`,
        {
          file,
          line,
          fix:
            "Write the endpoint path relative to the collection root, e.g. `apis/users/get-user.md`",
        },
      ),
    );
    return undefined;
  }
  return { name: name || endpoint, endpoint, line, captures: [], injects: [], asserts: [] };
}

function parseProperty(
  step: FlowStep,
  key: string,
  value: string,
  file: string,
  line: number,
  issues: Issue[],
) {
  switch (key.toLowerCase()) {
    case "capture": {
      const match = /^`?([^`\s]+)`?\s+as\s+`?([^`\s]+)`?\s*$/.exec(value.trim());
      if (!match || !CAPTURE_EXPRESSION.test(match[1]) || !VARIABLE.test(match[2])) {
        issues.push(issue("SPEC_PARSE_ERROR", `Cannot parse capture "${value.trim()}"`, {
          file,
          line,
          fix: "Write `Capture: `response.body.<field>` as `<name>`` (also body[<n>].<field>, " +
            "headers.<name>, status)",
        }));
        return;
      }
      const capture: Capture = { expression: match[1], variable: match[2], line };
      step.captures.push(capture);
      return;
    }
    case "inject": {
      for (const name of value.split(",").map(unquote).filter(Boolean)) {
        if (!VARIABLE.test(name)) {
          issues.push(issue("SPEC_PARSE_ERROR", `Cannot inject "${name}": not a variable name`, {
            file,
            line,
            fix: "Write `Inject: `userId`` naming a capture of an earlier step",
          }));
          continue;
        }
        step.injects.push({ variable: name, line });
      }
      return;
    }
    case "assert": {
      const { rule, issue: problem } = parseAssertion(unquote(value), file, line);
      if (problem) issues.push(problem);
      if (rule) step.asserts.push(rule as AssertionRule);
      return;
    }
    default:
      issues.push(warning(`Unknown step property "${key}" is ignored`, {
        file,
        line,
        fix: "Step properties are Capture, Inject and Assert",
      }));
  }
}

function checkInjects(steps: FlowStep[], file: string, issues: Issue[]) {
  const captured = new Set<string>();
  for (const step of steps) {
    for (const inject of step.injects) {
      if (!captured.has(inject.variable)) {
        issues.push(
          issue(
            "SPEC_PARSE_ERROR",
            `Step "${step.name}" injects "${inject.variable}", which no earlier step captures`,
            {
              file,
              line: inject.line,
              fix:
                `Add \`Capture: \`response.body.<field>\` as \`${inject.variable}\`\` to an earlier step`,
            },
          ),
        );
      }
    }
    for (const capture of step.captures) captured.add(capture.variable);
  }
}

function unquote(text: string): string {
  return text.trim().replace(/^`(.*)`$/, "$1").trim();
}
