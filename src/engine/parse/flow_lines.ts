/**
 * The lines of one flow step: `N. **Name** -> \`file.md\`` and the list items
 * under it (`Capture`, `Inject`, `Assert`, `For each`, `When`, `Until`,
 * `Every`, `Times`, `Delay`, `Always`). Each mistake is an issue with the line and a fix.
 */
import { type Issue, issue, warning } from "../issue.ts";
import type { AssertionRule, FlowStep } from "../model.ts";
import { parseWhen } from "../flow/condition.ts";
import { parseAssertion } from "./assertion.ts";
import { editDistance } from "../text/edit_distance.ts";

/** The capture expressions of SPEC.md plus `response.status`. */
export const CAPTURE_EXPRESSION =
  /^response\.(status|body(?:\[\d+\]|\.[A-Za-z_$][\w$-]*)*|(?:headers|cookies)\.[!#$%&'*+.^_`|~0-9A-Za-z-]+|(?:events|messages)(?:\[\d+\]|\.last)(?:\[\d+\]|\.[A-Za-z_$][\w$-]*)*|events\.count|messages\.count|first_event_ms)$/;
const VARIABLE = /^[A-Za-z_][\w]*$/;
const DOTTED_VARIABLE = /^[A-Za-z_][\w]*(?:\.[A-Za-z_$][\w$-]*)*$/;

export const STEP_KEYS = [
  "Capture",
  "Inject",
  "Assert",
  "For each",
  "When",
  "Until",
  "Every",
  "Times",
  "Delay",
  "Always",
] as const;

/** Upper bounds that keep a typo from holding a run for hours. */
export const LIMITS = { durationMs: 600_000, times: 1000 };

/** A step while its lines are read: `Every` and `Times` may come before `Until`. */
export interface StepDraft {
  step: FlowStep;
  until?: { rule: AssertionRule; line: number };
  every?: { ms: number; line: number };
  times?: { n: number; line: number };
}

/** `1. **Name** -> \`apis/users/get-user.md\`` (the marker already removed). */
export function parseStepLine(
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
      fix: "Write a step as `1. **Name** -> `apis/<resource>/<file>.md`` (or a flow file)",
    }));
    return undefined;
  }
  const name = match[1].replace(/^\*\*(.*)\*\*$/, "$1").replace(/^__(.*)__$/, "$1").trim();
  const endpoint = unquote(match[2]);
  if (!endpoint.endsWith(".md")) {
    issues.push(issue(
      "SPEC_PARSE_ERROR",
      `Step "${name}" must point at an endpoint or flow .md file, got "${endpoint}"`,
      {
        file,
        line,
        fix: "Write the path relative to the collection root, e.g. `apis/users/get-user.md` " +
          "or `flows/login.md`",
      },
    ));
    return undefined;
  }
  return { name: name || endpoint, endpoint, line, captures: [], injects: [], asserts: [] };
}

/** Reads one `- Key: value` line into the step. */
export function parseProperty(
  draft: StepDraft,
  key: string,
  value: string,
  where: { file: string; line: number },
  issues: Issue[],
): void {
  const { file, line } = where;
  const step = draft.step;
  const fail = (message: string, fix: string): void => {
    issues.push(issue("SPEC_PARSE_ERROR", message, { file, line, fix }));
  };
  switch (normalizeKey(key)) {
    case "capture": {
      const match = /^`?([^`\s]+)`?\s+as\s+`?([^`\s]+)`?\s*$/.exec(value.trim());
      if (!match || !CAPTURE_EXPRESSION.test(match[1]) || !VARIABLE.test(match[2])) {
        return fail(
          `Cannot parse capture "${value.trim()}"`,
          "Write `Capture: `response.body.<field>` as `<name>`` (also body[<n>].<field>, " +
            "headers.<name>, cookies.<name>, status, events[<n>].data.<field>, messages[<n>].<field>)",
        );
      }
      step.captures.push({ expression: match[1], variable: match[2], line });
      return;
    }
    case "inject": {
      for (const name of value.split(",").map(unquote).filter(Boolean)) {
        if (!VARIABLE.test(name)) {
          fail(
            `Cannot inject "${name}": not a variable name`,
            "Write `Inject: `userId`` naming a capture of an earlier step",
          );
          continue;
        }
        step.injects.push({ variable: name, line });
      }
      return;
    }
    case "assert": {
      const { rule, issue: problem } = parseAssertion(unquote(value), file, line);
      if (problem) issues.push(problem);
      if (rule) step.asserts.push(rule);
      return;
    }
    case "for each": {
      const match = /^`?([^`\s]+)`?(?:\s+as\s+`?([^`\s]+)`?)?\s*$/.exec(value.trim());
      if (!match || !DOTTED_VARIABLE.test(match[1])) {
        return fail(
          `Cannot parse For each "${value.trim()}"`,
          "Write `For each: `items` as `item`` naming an array variable",
        );
      }
      if (!match[2]) {
        return fail(
          `For each "${match[1]}" has no "as"`,
          `Name each element: \`For each: \`${match[1]}\` as \`item\`\``,
        );
      }
      if (!VARIABLE.test(match[2])) {
        return fail(
          `Cannot loop as "${match[2]}": not a variable name`,
          `Write \`For each: \`${match[1]}\` as \`item\``,
        );
      }
      if (step.forEach) return fail("A step has one For each line", "Remove the extra line");
      step.forEach = { items: match[1], as: match[2], line };
      return;
    }
    case "when": {
      const { when, issue: problem } = parseWhen(value, file, line);
      if (problem) issues.push(problem);
      if (when && step.when) return fail("A step has one When line", "Remove the extra line");
      if (when) step.when = { ...when, line };
      return;
    }
    case "until": {
      const { rule, issue: problem } = parseAssertion(unquote(value), file, line);
      if (problem) {
        issues.push({ ...problem, fix: `${problem.fix ?? ""}; Until checks each response` });
      }
      if (rule && draft.until) return fail("A step has one Until line", "Remove the extra line");
      if (rule) draft.until = { rule, line };
      return;
    }
    case "every": {
      const ms = parseDuration(unquote(value));
      if (typeof ms === "string") {
        return fail(`Every: ${ms}`, "Write e.g. `Every: `500ms`` or `2s`");
      }
      draft.every = { ms, line };
      return;
    }
    case "times": {
      const text = unquote(value);
      const n = /^\d+$/.test(text) ? Number(text) : NaN;
      if (!(n >= 1 && n <= LIMITS.times)) {
        return fail(
          `Times must be a whole number from 1 to ${LIMITS.times}, got "${text}"`,
          "Write e.g. `Times: `20``",
        );
      }
      draft.times = { n, line };
      return;
    }
    case "delay": {
      const ms = parseDuration(unquote(value));
      if (typeof ms === "string") {
        return fail(`Delay: ${ms}`, "Write e.g. `Delay: `250ms`` or `1s`");
      }
      step.delayMs = ms;
      return;
    }
    case "always": {
      const text = unquote(value).toLowerCase();
      if (text !== "true" && text !== "false") {
        return fail(
          `Always must be true or false, got "${unquote(value)}"`,
          "Write `Always: true` on a cleanup step that must run after a failure or Ctrl-C",
        );
      }
      if (text === "true") step.always = { line };
      else delete step.always;
      return;
    }
    default:
      issues.push(unknownKey(key, file, line));
  }
}

/** Joins `Until` with its `Every` and `Times`; either without `Until` is a mistake. */
export function finishStep(draft: StepDraft, file: string, issues: Issue[]): FlowStep {
  const { step, until, every, times } = draft;
  if (until) {
    step.until = { ...until, everyMs: every?.ms ?? 1000, times: times?.n ?? 10 };
  } else {
    for (const [name, line] of [["Every", every?.line], ["Times", times?.line]] as const) {
      if (line === undefined) continue;
      issues.push(issue("SPEC_PARSE_ERROR", `${name} without Until on step "${step.name}"`, {
        file,
        line,
        fix: `Add \`Until: \`body.status: equals done\`\` to the step, or remove the ${name} line`,
      }));
    }
  }
  return step;
}

/**
 * `500ms`, `2s`, `1.5s`, `1m`: milliseconds, or why the text is not a duration.
 *
 * @example
 * ```ts
 * import { parseDuration } from "./flow_lines.ts";
 * parseDuration("1.5s"); // 1500
 * ```
 */
export function parseDuration(text: string): number | string {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m)$/.exec(text.trim());
  if (!match) return `cannot read "${text}" as a duration (a number with ms, s or m)`;
  const ms = Math.round(Number(match[1]) * { ms: 1, s: 1000, m: 60_000 }[match[2] as "ms"]);
  if (ms > LIMITS.durationMs) return `"${text}" is longer than the limit of 10 minutes`;
  return ms;
}

function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[\s-]+/g, " ").replace(/^foreach$/, "for each").trim();
}

/** A key close to a known one is a typo (an error); anything else a note, ignored as before. */
function unknownKey(key: string, file: string, line: number): Issue {
  const near = STEP_KEYS.find((known) => editDistance(normalizeKey(known), normalizeKey(key)) <= 2);
  const fix = `Step properties are ${STEP_KEYS.join(", ")}`;
  return near
    ? issue("SPEC_PARSE_ERROR", `Unknown step property "${key}"`, {
      file,
      line,
      fix: `Did you mean "${near}"? ${fix}`,
    })
    : warning(`Unknown step property "${key}" is ignored`, { file, line, fix });
}

export function unquote(text: string): string {
  return text.trim().replace(/^`(.*)`$/, "$1").trim();
}
