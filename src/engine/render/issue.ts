/**
 * Renders issues for people: `error[CODE]: message`, `--> file:line:col`, the
 * source line with a caret when the source is at hand, and the fix. The
 * source line and the message pass through the masker: a finding's frame
 * points at the secret without showing it.
 */
import type { Issue } from "../issue.ts";
import { maskShapes } from "../secrets/mask.ts";
import { type Paint, PLAIN } from "./paint.ts";
import { escapeControls } from "./terminal_safe.ts";

export function renderIssue(issue: Issue, source?: string, paint: Paint = PLAIN): string {
  const label = issue.severity === "error"
    ? paint.red(paint.bold(`error[${issue.code}]`))
    : paint.yellow(paint.bold("warning"));
  const lines = [`${label}: ${maskShapes(issue.message)}`];
  if (issue.file) {
    const where = [issue.file, issue.line, issue.line && issue.column].filter(Boolean).join(":");
    lines.push(`  ${paint.cyan("-->")} ${where}`);
  }
  const raw = issue.line && source !== undefined
    ? source.split(/\r?\n/)[issue.line - 1]
    : undefined;
  const masked = raw === undefined ? undefined : maskShapes(raw);
  if (masked !== undefined && issue.line) {
    // Control characters are shown escaped (as all output is), and the caret counts them so.
    const text = escapeControls(masked);
    const gutter = " ".repeat(String(issue.line).length);
    lines.push(`${gutter} ${paint.cyan("|")}`);
    lines.push(`${paint.cyan(String(issue.line))} ${paint.cyan("|")} ${text}`);
    const column = issue.column === undefined
      ? masked.length - masked.trimStart().length + 1
      : escapeControls(masked.slice(0, issue.column - 1)).length + 1;
    const caretAt = Math.max(0, column - 1);
    lines.push(`${gutter} ${paint.cyan("|")} ${" ".repeat(caretAt)}${paint.red("^")}`);
  }
  if (issue.fix) lines.push(`  ${paint.cyan("=")} fix: ${issue.fix}`);
  return lines.join("\n");
}

/** Renders issues followed by a one-line tally. */
export function renderIssues(
  issues: Issue[],
  sources: Map<string, string> = new Map(),
  paint: Paint = PLAIN,
): string {
  const blocks = issues.map((i) => renderIssue(i, i.file ? sources.get(i.file) : undefined, paint));
  return blocks.join("\n\n");
}

/** Issues as the stable JSON agents read. */
export function issueJson(issue: Issue): Record<string, unknown> {
  return {
    type: issue.code,
    severity: issue.severity,
    message: maskShapes(issue.message),
    file: issue.file ?? null,
    line: issue.line ?? null,
    column: issue.column ?? null,
    fix: issue.fix ?? null,
  };
}
