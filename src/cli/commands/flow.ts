/** `apispec flow <pipeline>`: run a pipeline file (once, or once per data row) and report it. */
import { EXIT } from "../../engine/issue.ts";
import {
  flowReportCases,
  renderFlowHeader,
  renderFlowStep,
  renderFlowSummary,
  renderRowHeading,
  renderRowsSummary,
} from "../../engine/render/flow.ts";
import { renderJunit } from "../../engine/render/junit.ts";
import { renderMarkdownReport } from "../../engine/render/markdown.ts";
import { flowJson, type FlowResult, runFlow } from "../../ops/flow/flow.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { renderFlowHtml } from "../../ops/run/html_report.ts";
import { runSetup } from "../run_setup.ts";
import { printIssues, printJson } from "../output.ts";
import { interruptOnSignal } from "../../adapters/signals.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const setup = await runSetup(args, io);
  if (!setup) return EXIT.invalidSpec;
  const { vars, env } = setup;
  const output = args.flags.output as string;
  const dryRun = args.flags["dry-run"] === true;
  const strictAssertions = args.flags["strict-assertions"] === true;
  const parallel = args.flags.parallel === true
    ? true
    : args.flags["no-parallel"] === true
    ? false
    : undefined;
  const view = { verbose: io.global.verbose, strictAssertions, dryRun };
  const live = output === "console";
  const interrupt = interruptOnSignal();
  const result = await runFlow(
    {
      file: args.positionals[0],
      env,
      cli: vars,
      parallel,
      dryRun,
      timeoutMs: args.flags.timeout as number | undefined,
      strictAssertions,
      // The HTML report shows every step's request and response.
      verbose: io.global.verbose || output === "html",
      config: io.global.config,
      data: args.flags.data as string | undefined,
      transportOptions: setup.transport,
    },
    { ...io.ctx, interrupt: interrupt.signal },
    // People see each step as soon as it finishes; the other formats print once, at the end.
    live ? (step, detail) => io.out(renderFlowStep(step, detail, view, io.paint)) : undefined,
    live ? (header) => io.out(renderFlowHeader(header, io.paint)) : undefined,
    live ? (row) => io.out(renderRowHeading(row, io.paint)) : undefined,
  ).finally(() => interrupt.stop());
  const interrupted = result.interrupted ? interrupt.exitCode() ?? 130 : undefined;
  // Errors before the run have no step record to live in: stderr carries them in every format.
  printIssues(result.issues, io, result.sources);
  if (!live) {
    if (output === "json") printJson(flowJson(result), io);
    else if (output === "html") io.out(await renderFlowHtml(result, io.ctx, io.global.config));
    else if (output === "junit") io.out(renderJunit(`apispec flow`, cases(result)));
    else io.out(renderMarkdownReport(`Flow ${result.file}`, cases(result)));
    if (interrupted) io.err(interruptedLine(result, io.errPaint));
    return interrupted ?? result.exitCode;
  }
  if (result.exitCode === EXIT.passed || result.exitCode === EXIT.testFailed) {
    const continueOnError = !result.passed && result.exitCode === EXIT.passed;
    io.out(
      result.iterations
        ? "\n" + renderRowsSummary(result.iterations, { dryRun, continueOnError }, io.paint)
        : renderFlowSummary({ ...result, continueOnError }, io.paint),
    );
  }
  if (interrupted) {
    io.out(interruptedLine(result, io.paint));
    return interrupted;
  }
  return result.exitCode;
}

/** What an interrupted flow says last: that it stopped, and what did not run. */
function interruptedLine(result: FlowResult, paint: CliIO["paint"]): string {
  const skipped = result.steps.filter((s) => s.skipped).length;
  const aborted = result.steps.filter((s) => s.interrupted).length;
  return `${paint.yellow("interrupted")}: nothing more was sent; ${
    aborted > 0 ? `${aborted} request(s) in flight aborted, ` : ""
  }${skipped} step(s) skipped, Always steps ran`;
}

/** JUnit and markdown rows: one group for the flow, or one per data row. */
function cases(result: FlowResult) {
  if (!result.iterations) return flowReportCases(result.file, result.steps, result.details);
  return result.iterations.flatMap((row, i) =>
    flowReportCases(`${result.file} [row ${i + 1}]`, row.steps, row.details)
  );
}
