/** Shared output helpers for commands: issues to stderr with source lines, JSON to stdout. */
import type { Issue } from "../engine/issue.ts";
import { renderIssues } from "../engine/render/issue.ts";
import type { CliIO } from "./io.ts";

/** Prints issues (errors and warnings) to stderr. */
export function printIssues(
  issues: Issue[],
  io: CliIO,
  sources: Map<string, string> = new Map(),
): void {
  if (issues.length === 0) return;
  io.err(renderIssues(issues, sources, io.errPaint));
}

/** Stable, indented JSON on stdout. */
export function printJson(value: unknown, io: CliIO): void {
  io.out(JSON.stringify(value, null, 2));
}
