/**
 * Pipeline ("flow") files: frontmatter (`type: pipeline`, `name`,
 * `description`, `parallel`, `continue-on-error`, `data`) and a `## Steps`
 * ordered list. Each step is `N. **Name** -> \`<endpoint or flow file>.md\``
 * with sub-items (`flow_lines.ts`). Which captures exist where is the plan's
 * business (`engine/flow/plan.ts`), since sub-flows bring their own.
 */
import { type Issue, issue, warning } from "../issue.ts";
import type { FlowSpec, FlowStep } from "../model.ts";
import { readFrontmatter } from "./frontmatter.ts";
import { normalizeText, parseMarkdown } from "./markdown.ts";
import { finishStep, parseProperty, parseStepLine, type StepDraft } from "./flow_lines.ts";

const STEP_LINE = /^\s{0,3}\d+[.)]\s+(.*)$/;
const PROPERTY_LINE = /^\s+[-*+]\s+([A-Za-z][A-Za-z -]*?)\s*:\s*(.*)$/;

/**
 * Parses a flow file. With `partial`, a flow with errors is returned too
 * (lines that did not parse left out), for checks that report everything.
 *
 * @example
 * ```ts
 * import { parseFlow } from "./flow.ts";
 * const text = "---\ntype: pipeline\nname: demo\n---\n## Steps\n\n1. **List** -> `apis/users/get-users.md`\n" +
 *   "   - Capture: `response.body[0].id` as `userId`\n";
 * parseFlow(text, "flows/demo.md").flow?.steps[0].captures[0].variable; // "userId"
 * ```
 */
export function parseFlow(
  text: string,
  file: string,
  options: { partial?: boolean } = {},
): { flow?: FlowSpec; issues: Issue[] } {
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
  const dataFile = reader.string(["data"], false);
  const data = dataFile === undefined ? undefined : { file: dataFile, line: reader.line(["data"]) };
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
  // A flow with errors is returned only when asked (`partial`), so `validate` can go on to check
  // its steps' files and data; everyone else gets a flow only when it is valid.
  if (issues.some((i) => i.severity === "error") && !options.partial) return { issues };
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
      ...(data ? { data } : {}),
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
  const drafts: StepDraft[] = [];
  let inFence = false;
  for (let line = from; line <= to; line++) {
    const text = lines[line - 1] ?? "";
    if (/^\s*(```|~~~)/.test(text)) inFence = !inFence;
    if (inFence) continue;
    const stepMatch = STEP_LINE.exec(text);
    if (stepMatch) {
      const step = parseStepLine(stepMatch[1], file, line, issues);
      if (step) drafts.push({ step });
      continue;
    }
    const property = PROPERTY_LINE.exec(text);
    if (!property) continue;
    const draft = drafts.at(-1);
    if (!draft) {
      issues.push(issue("SPEC_PARSE_ERROR", `"${property[1]}" line comes before any step`, {
        file,
        line,
        fix: "Indent step lines (Capture, Inject, Assert, For each, When, Until...) under a " +
          "numbered step",
      }));
      continue;
    }
    parseProperty(draft, property[1], property[2], { file, line }, issues);
  }
  return drafts.map((draft) => finishStep(draft, file, issues));
}
