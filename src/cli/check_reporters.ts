/**
 * `check --report <format>[=<file>]`: one reporter per format, each a pure
 * renderer over the same `CheckReportView`, so one run can write several
 * (`--report junit=junit.xml --report github`), as Deno's compound test
 * reporter does. A new format is one more entry here and one more name in
 * `CHECK_REPORT_FORMATS` (`commands.ts`); a test keeps the two equal.
 */
import { renderCheckMarkdown, renderGithubReport } from "../engine/render/check.ts";
import { renderJunit } from "../engine/render/junit.ts";
import { renderHtmlReport } from "../engine/render/html_report.ts";
import { checkJson, type CheckReportView } from "./check_report.ts";

export interface CheckReporter {
  /** The whole report as text. Pure: no I/O, same view → same text. */
  render(view: CheckReportView): string;
  /**
   * True when the report itself carries the issues (annotations, JSON), so on
   * stdout they are not repeated on stderr.
   */
  carriesIssues: boolean;
}

export const CHECK_REPORTERS: Record<string, CheckReporter> = {
  markdown: { render: (view) => renderCheckMarkdown(view.report), carriesIssues: false },
  github: { render: (view) => renderGithubReport(view.report), carriesIssues: true },
  junit: {
    render: (view) => renderJunit("apispec check", view.report.cases),
    carriesIssues: false,
  },
  json: {
    render: (view) => JSON.stringify(checkJson(view), null, 2),
    carriesIssues: true,
  },
  html: {
    // The page's data (history for the sparklines) is gathered before reporting: see `check.ts`.
    render: (view) => renderHtmlReport(view.html!),
    carriesIssues: false,
  },
};
