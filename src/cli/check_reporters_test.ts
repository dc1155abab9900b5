import { assert, assertEquals } from "@std/assert";
import { CHECK_REPORT_FORMATS } from "./commands.ts";
import { CHECK_REPORTERS } from "./check_reporters.ts";
import { checkReportView, htmlNotes } from "./check_report.ts";
import type { CheckResult } from "../ops/run/check.ts";
import { checkHtmlReport } from "../ops/run/html_report.ts";
import { systemContext } from "../adapters/system.ts";

const EMPTY: CheckResult = {
  dir: "api-docs",
  sharedChanges: [],
  endpoints: [],
  flows: [],
  deleted: ["api-docs/apis/old.md"],
  timings: {},
  issues: [],
  exitCode: 0,
};

Deno.test("every --report format has one reporter, and every reporter a format", () => {
  assertEquals(Object.keys(CHECK_REPORTERS).sort(), [...CHECK_REPORT_FORMATS].sort());
});

Deno.test("each reporter renders the same view, and names the deleted file", async () => {
  const view = checkReportView(EMPTY, "/work");
  // The html reporter draws data gathered beforehand (history for its sparklines).
  view.html = await checkHtmlReport(EMPTY, systemContext(), { notes: htmlNotes(view.report) });
  for (const format of CHECK_REPORT_FORMATS) {
    const text = CHECK_REPORTERS[format].render(view);
    assert(text.length > 0, format);
    if (format !== "junit") assert(text.includes("api-docs/apis/old.md"), format);
  }
});
