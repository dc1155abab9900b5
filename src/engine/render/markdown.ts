/** A markdown report fit for a pull-request comment: a summary line, a table, then details of failures. */
import type { ReportCase } from "./report.ts";
import { mdCode, mdFence, mdText } from "./markdown_text.ts";

/**
 * @example
 * ```ts
 * import { renderMarkdownReport } from "./markdown.ts";
 * renderMarkdownReport("Contract check", []).split("\n")[0]; // "## Contract check"
 * ```
 */
export function renderMarkdownReport(title: string, cases: ReportCase[]): string {
  const passed = cases.filter((c) => c.passed && !c.skipped).length;
  const skipped = cases.filter((c) => c.skipped).length;
  const failed = cases.length - passed - skipped;
  const icon = failed > 0 ? "❌" : "✅";
  const lines = [
    `## ${mdText(title)}`,
    "",
    `${icon} **${passed} passed**, **${failed} failed**${
      skipped ? `, ${skipped} skipped` : ""
    } of ${cases.length}`,
    "",
  ];
  if (cases.length > 0) {
    lines.push("| Result | Name | Request | Status | Time | Error |", "|---|---|---|---|---|---|");
    for (const c of cases) {
      const result = c.skipped ? "⏭️ skipped" : c.passed ? "✅ pass" : "❌ fail";
      const request = c.method ? mdCode(`${c.method} ${c.url ?? ""}`.trim(), { table: true }) : "";
      lines.push(
        `| ${result} | ${mdText(c.name)} | ${request} | ${c.status || ""} | ${c.duration_ms} ms | ${
          c.error_type ? mdCode(c.error_type, { table: true }) : ""
        } |`,
      );
    }
  }
  const failures = cases.filter((c) => !c.passed && !c.skipped);
  if (failures.length > 0) {
    lines.push("", "### Failures");
    for (const c of failures) {
      lines.push("", `**${mdText(c.name)}** (${mdCode(c.file)})`, "");
      if (c.hint) lines.push(`> ${mdText(c.hint)}`, "");
      if (c.details.length > 0) lines.push(...mdFence(c.details.map((d) => `- ${d}`), "diff"));
    }
  }
  return lines.join("\n") + "\n";
}
