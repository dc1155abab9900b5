/**
 * Writes flow files in the syntax of DECISIONS.md, so a flow edited on the
 * preview canvas reads back through `parseFlow` unchanged. Only the
 * `## Steps` section (and, when asked, frontmatter switches) is rewritten:
 * the title, description and any notes of an existing file stay as written.
 */
import type { FlowStep } from "../model.ts";
import { normalizeText, parseMarkdown } from "../parse/markdown.ts";

export interface FlowStepDraft {
  name: string;
  endpoint: string;
  captures: { expression: string; variable: string }[];
  injects: string[];
  /** Assertion rules as written, e.g. `body.id: exists`. */
  asserts: string[];
  forEach?: { items: string; as: string };
  /** The condition as written, e.g. `role: equals admin`. */
  when?: string;
  /** The polling condition as written, e.g. `body.status: equals done`. */
  until?: string;
  /** Durations as written back: `500ms`, `2s`. */
  every?: string;
  times?: string;
  delay?: string;
}

export interface FlowDraft {
  name: string;
  title?: string;
  description?: string;
  parallel?: boolean;
  continueOnError?: boolean;
  steps: FlowStepDraft[];
}

/** The editable form of a parsed step; lines the step does not have stay absent. */
export function stepDraftOf(step: FlowStep): FlowStepDraft {
  const until = step.until;
  return {
    name: step.name,
    endpoint: step.endpoint,
    captures: step.captures.map(({ expression, variable }) => ({ expression, variable })),
    injects: step.injects.map((i) => i.variable),
    asserts: step.asserts.map((a) => a.source),
    ...(step.forEach ? { forEach: { items: step.forEach.items, as: step.forEach.as } } : {}),
    ...(step.when ? { when: step.when.rule.source } : {}),
    ...(step.delayMs ? { delay: duration(step.delayMs) } : {}),
    ...(until ? { until: until.rule.source } : {}),
    // Defaults (every 1s, 10 times) are not written back.
    ...(until && until.everyMs !== 1000 ? { every: duration(until.everyMs) } : {}),
    ...(until && until.times !== 10 ? { times: String(until.times) } : {}),
  };
}

function duration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

/** A step name that cannot break the step line: no arrow, no emphasis markers, one line. */
function safeName(name: string): string {
  return name.replace(/->|→/g, "-").replace(/\*\*|__/g, "").replace(/\s+/g, " ").trim();
}

/** Backticks around a value unless it holds one itself (the parser accepts both). */
function code(text: string): string {
  return text.includes("`") ? text : `\`${text}\``;
}

/**
 * The body of `## Steps`: one numbered item per step, then its lines
 * indented under it: For each, When, Delay, Capture, Inject, Assert, Until,
 * Every, Times.
 *
 * @example
 * ```ts
 * import { renderFlowSteps } from "./flow_md.ts";
 * renderFlowSteps([{ name: "List", endpoint: "apis/users/get-users.md", captures: [], injects: [], asserts: [] }]);
 * // "1. **List** -> `apis/users/get-users.md`"
 * ```
 */
export function renderFlowSteps(steps: FlowStepDraft[]): string {
  const lines: string[] = [];
  steps.forEach((step, index) => {
    const name = safeName(step.name) || step.endpoint;
    lines.push(`${index + 1}. **${name}** -> ${code(step.endpoint.trim())}`);
    const line = (key: string, value: string | undefined) => {
      if (value?.trim()) lines.push(`   - ${key}: ${code(value.trim())}`);
    };
    if (step.forEach?.items.trim()) {
      lines.push(
        `   - For each: ${code(step.forEach.items.trim())} as ${
          code(step.forEach.as.trim() || "item")
        }`,
      );
    }
    line("When", step.when);
    line("Delay", step.delay);
    for (const c of step.captures) {
      lines.push(`   - Capture: ${code(c.expression.trim())} as ${code(c.variable.trim())}`);
    }
    for (const variable of step.injects) lines.push(`   - Inject: ${code(variable.trim())}`);
    for (const rule of step.asserts) lines.push(`   - Assert: ${code(rule.trim())}`);
    line("Until", step.until);
    if (step.until?.trim()) {
      line("Every", step.every);
      line("Times", step.times);
    }
  });
  return lines.join("\n");
}

/** A whole new flow file. */
export function renderFlow(draft: FlowDraft): string {
  const front = [
    "---",
    "type: pipeline",
    `name: ${JSON.stringify(draft.name)}`,
    ...(draft.description ? [`description: ${JSON.stringify(draft.description)}`] : []),
    `parallel: ${draft.parallel ?? false}`,
    `continue-on-error: ${draft.continueOnError ?? false}`,
    "---",
  ];
  return `${front.join("\n")}\n\n# ${draft.title ?? draft.name}\n\n## Steps\n\n${
    renderFlowSteps(draft.steps)
  }\n`;
}

/** Replaces the body of `## Steps` in an existing flow file, keeping everything else. */
export function replaceFlowSteps(text: string, steps: FlowStepDraft[]): string {
  const source = normalizeText(text);
  const lines = source.replace(/\n$/, "").split("\n");
  const section = parseMarkdown(source).sections.find((s) => s.heading.toLowerCase() === "steps");
  const body = renderFlowSteps(steps);
  if (!section) return `${lines.join("\n")}\n\n## Steps\n\n${body}\n`;
  const before = lines.slice(0, section.line);
  const after = lines.slice(section.endLine);
  // Keep one blank line before the next heading, as a person would write it.
  const tail = after.length > 0 ? ["", ...after] : [];
  return [...before, "", body, ...tail].join("\n") + "\n";
}

/** Sets a boolean frontmatter switch (`parallel`, `continue-on-error`), adding it when absent. */
export function setFlowSwitch(
  text: string,
  key: "parallel" | "continue-on-error",
  value: boolean,
): string {
  const lines = normalizeText(text).split("\n");
  if (lines[0] !== "---") return text;
  const end = lines.indexOf("---", 1);
  if (end < 0) return text;
  const pattern = new RegExp(`^${key}\\s*:`);
  const at = lines.slice(1, end).findIndex((line) => pattern.test(line));
  if (at >= 0) lines[at + 1] = `${key}: ${value}`;
  else lines.splice(end, 0, `${key}: ${value}`);
  return lines.join("\n");
}
