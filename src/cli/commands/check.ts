/**
 * `apispec check <dir>`: contract checks for pull requests and CI jobs.
 * Endpoints and flows run side by side, one resource at a time
 * (`--concurrency`); `--shard i/n` keeps one CI shard; `--report
 * <format>[=<file>]` (repeatable) writes several reports in one run, at most
 * one to stdout (markdown when none is). A github report also appends the
 * summary to $GITHUB_STEP_SUMMARY when set. Exit 1 when a contract fails, 2
 * for invalid specs and usage errors.
 */
import { resolve } from "../../adapters/path.ts";
import { EXIT, type Issue, issue } from "../../engine/issue.ts";
import { renderCheckMarkdown } from "../../engine/render/check.ts";
import { parseReportTargets, type ReportTarget } from "../../engine/render/report_targets.ts";
import { parseShard, type Shard } from "../../engine/schedule/shard.ts";
import { renderTimings } from "../../engine/schedule/weights.ts";
import { appendText, writeTextAtomic } from "../../adapters/fs.ts";
import { checkContracts } from "../../ops/run/check.ts";
import { checkHtmlReport } from "../../ops/run/html_report.ts";
import type { ParsedArgs } from "../args.ts";
import { CHECK_REPORT_FORMATS } from "../commands.ts";
import type { CliIO } from "../io.ts";
import { runSetup } from "../run_setup.ts";
import { interruptOnSignal } from "../../adapters/signals.ts";
import { printIssues } from "../output.ts";
import { checkIssues, type CheckReportView, checkReportView, htmlNotes } from "../check_report.ts";
import { CHECK_REPORTERS } from "../check_reporters.ts";

interface CheckFlags {
  targets: ReportTarget[];
  shard?: Shard;
  concurrency?: number;
}

/** Flags that must be right before anything is sent; problems are usage issues (exit 2). */
function checkFlags(args: ParsedArgs): { flags: CheckFlags; issues: Issue[] } {
  const reports = parseReportTargets(
    (args.flags.report as string[] | undefined) ?? [],
    CHECK_REPORT_FORMATS,
    CHECK_REPORT_FORMATS[0],
  );
  const issues = [...reports.issues];
  const shardText = args.flags.shard as string | undefined;
  const shard = shardText === undefined ? undefined : parseShard(shardText);
  if (shard) issues.push(...shard.issues);
  const concurrency = args.flags.concurrency as number | undefined;
  if (concurrency === 0) {
    issues.push(issue("USAGE", "--concurrency must be at least 1", {
      fix: "Write --concurrency 1 to run one item at a time, or leave it out for 8",
    }));
  }
  return { flags: { targets: reports.targets, shard: shard?.shard, concurrency }, issues };
}

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const setup = await runSetup(args, io);
  if (!setup) return EXIT.invalidSpec;
  const { flags, issues } = checkFlags(args);
  if (issues.length > 0) {
    printIssues(issues, io);
    return EXIT.invalidSpec;
  }
  const interrupt = interruptOnSignal();
  const result = await checkContracts({
    dir: args.positionals[0],
    changedFrom: args.flags["changed-from"] as string | undefined,
    env: setup.env,
    cli: setup.vars,
    strictAssertions: args.flags["strict-assertions"] === true,
    config: io.global.config,
    concurrency: flags.concurrency,
    shard: flags.shard,
    timingsFile: args.flags.timings as string | undefined,
    // The HTML report shows each flow step's request and response.
    verbose: flags.targets.some((t) => t.format === "html"),
    transportOptions: setup.transport,
  }, { ...io.ctx, interrupt: interrupt.signal }).finally(() => interrupt.stop());
  if (result.issues.some((i) => i.code === "USAGE")) {
    printIssues(result.issues, io);
    return result.exitCode;
  }
  const view = checkReportView(result, io.ctx.cwd);
  if (flags.targets.some((t) => t.format === "html")) {
    view.html = await checkHtmlReport(result, io.ctx, {
      env: setup.env,
      notes: htmlNotes(view.report),
      config: io.global.config,
    });
  }
  const written = await writeFiles(view, flags.targets, args, io);
  if (written !== EXIT.passed) return written;

  const toStdout = flags.targets.find((t) => t.file === undefined);
  // An HTML page written to a file holds the summary for people: stdout stays empty.
  if (!toStdout && flags.targets.some((t) => t.format === "html")) {
    printIssues(checkIssues(result), io, sourcesOf(result));
    return result.exitCode;
  }
  const reporter = CHECK_REPORTERS[toStdout?.format ?? CHECK_REPORT_FORMATS[0]];
  if (!reporter.carriesIssues) printIssues(checkIssues(result), io, sourcesOf(result));
  io.out(reporter.render(view));
  if (result.interrupted) {
    io.err(
      `${io.errPaint.yellow("interrupted")}: nothing more was sent; ${view.report.notes.at(-1)}`,
    );
    return interrupt.exitCode() ?? 130;
  }
  return result.exitCode;
}

/** Report files (atomically), the GitHub job summary and the timings file; exit 3 when one cannot be written. */
async function writeFiles(
  view: CheckReportView,
  targets: ReportTarget[],
  args: ParsedArgs,
  io: CliIO,
): Promise<number> {
  const files: { path: string; text: string; append?: boolean }[] = [];
  for (const target of targets) {
    if (target.file === undefined) continue;
    const text = CHECK_REPORTERS[target.format].render(view);
    files.push({ path: target.file, text: text.endsWith("\n") ? text : text + "\n" });
  }
  const summary = io.ctx.env.GITHUB_STEP_SUMMARY;
  if (summary && targets.some((t) => t.format === "github")) {
    files.push({ path: summary, text: renderCheckMarkdown(view.report) + "\n", append: true });
  }
  const timings = args.flags["write-timings"] as string | undefined;
  if (timings) files.push({ path: timings, text: renderTimings(view.result.timings) });
  for (const file of files) {
    const path = resolve(io.ctx.cwd, file.path);
    try {
      await (file.append ? appendText(path, file.text) : writeTextAtomic(path, file.text));
    } catch (error) {
      printIssues([issue("ENGINE_ERROR", `Cannot write ${file.path}: ${(error as Error).message}`, {
        fix: "Check that the folder exists and is writable",
      })], io);
      return EXIT.engineError;
    }
  }
  return EXIT.passed;
}

/** Every file the run read, for carets under the issues. */
function sourcesOf(result: Awaited<ReturnType<typeof checkContracts>>): Map<string, string> {
  return new Map([
    ...result.endpoints.flatMap((r) => [...r.sources]),
    ...result.flows.flatMap((f) => [...f.sources]),
  ]);
}
