/**
 * `--report <format>[=<file>]`, repeatable: which reports one run writes and
 * where. At most one goes to stdout (no file); a file is named once.
 */
import { type Issue, issue } from "../issue.ts";

export interface ReportTarget {
  format: string;
  /** Undefined: stdout. */
  file?: string;
}

/**
 * Parses the `--report` values against the known formats; none given means
 * `fallback` on stdout.
 *
 * @example
 * ```ts
 * import { parseReportTargets } from "./report_targets.ts";
 * parseReportTargets(["junit=out.xml", "github"], ["github", "junit"], "github").targets;
 * // [{format: "junit", file: "out.xml"}, {format: "github"}]
 * ```
 */
export function parseReportTargets(
  values: string[],
  formats: readonly string[],
  fallback: string,
): { targets: ReportTarget[]; issues: Issue[] } {
  if (values.length === 0) return { targets: [{ format: fallback }], issues: [] };
  const targets: ReportTarget[] = [];
  const issues: Issue[] = [];
  const usage = (message: string, fix: string) => issues.push(issue("USAGE", message, { fix }));
  for (const value of values) {
    const at = value.indexOf("=");
    const format = at < 0 ? value : value.slice(0, at);
    const file = at < 0 ? undefined : value.slice(at + 1);
    if (!formats.includes(format)) {
      usage(`Unknown report format "${format}"`, `Use one of: ${formats.join(", ")}`);
      continue;
    }
    if (file !== undefined && file.trim() === "") {
      usage(
        `--report ${value} names no file`,
        `Write --report ${format}=<file>, or --report ${format} for stdout`,
      );
      continue;
    }
    targets.push(file === undefined ? { format } : { format, file });
  }
  const toStdout = targets.filter((t) => t.file === undefined);
  if (toStdout.length > 1) {
    usage(
      `Only one report can go to stdout, got ${toStdout.map((t) => t.format).join(" and ")}`,
      `Give the others a file: --report ${toStdout[1].format}=<file>`,
    );
  }
  const files = targets.flatMap((t) => (t.file === undefined ? [] : [t.file]));
  const twice = files.find((file, i) => files.indexOf(file) !== i);
  if (twice !== undefined) {
    usage(`Two reports would write ${twice}`, "Give each --report its own file");
  }
  return { targets: issues.length > 0 ? [] : targets, issues };
}
