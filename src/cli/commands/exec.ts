/** `apispec exec <file>`: run one endpoint file and report in the chosen format. */
import { EXIT } from "../../engine/issue.ts";
import { renderExec } from "../../engine/render/exec.ts";
import type { ReportCase } from "../../engine/render/report.ts";
import { type ExecResult, execSpec } from "../../ops/run/exec.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { runSetup } from "../run_setup.ts";
import { printIssues, printJson } from "../output.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const setup = await runSetup(args, io);
  if (!setup) return EXIT.invalidSpec;
  const { vars, env } = setup;
  const result = await execSpec({
    file: args.positionals[0],
    env,
    cli: vars,
    dryRun: args.flags["dry-run"] === true,
    timeoutMs: args.flags.timeout as number | undefined,
    strictAssertions: args.flags["strict-assertions"] === true,
    verbose: io.global.verbose,
    config: io.global.config,
    transportOptions: setup.transport,
  }, io.ctx);
  const output = args.flags.output as string;
  const started = result.record.status !== 0 || result.record.error_type === "NETWORK_ERROR";
  const strict = args.flags["strict-assertions"] === true;
  if (output === "console") {
    printIssues(result.issues, io, result.sources);
    // Nothing sent and no issue to explain it (a token endpoint that refused): the record says why.
    const unexplained = result.issues.length === 0 && !result.record.passed;
    if (started || unexplained || args.flags["dry-run"]) io.out(consoleView(result, io, strict));
  } else {
    printIssues(result.issues.filter((i) => i.severity === "warning"), io, result.sources);
    if (output === "json") printJson(result.record, io);
    else io.out(await renderReport(output, result));
  }
  if (args.flags.update && started) {
    const { updateExpected } = await import("./exec_update.ts");
    return await updateExpected(result, strict, io, output === "console");
  }
  return result.exitCode;
}

function consoleView(result: ExecResult, io: CliIO, strictAssertions: boolean): string {
  const request = result.request;
  if (result.record.status === 0 && result.record.error_type === null && request) {
    // Dry run: show what would be sent.
    const lines = [
      `${io.paint.bold("DRY RUN")}  ${result.spec?.title ?? result.file}  ${
        io.paint.dim(result.file)
      }`,
    ];
    lines.push(
      `> ${request.method} ${request.url}`,
      ...request.headers.map(([n, v]) => `> ${n}: ${v}`),
    );
    if (request.body) lines.push(">", ...request.body.split("\n").map((l) => `> ${l}`));
    lines.push(io.paint.dim("Nothing was sent."));
    return lines.join("\n");
  }
  return renderExec({
    title: result.spec?.title ?? result.file,
    file: result.file,
    method: request?.method ?? result.spec?.method ?? "",
    url: request?.url ?? "",
    record: result.record,
    strictAssertions,
    verbose: io.global.verbose,
  }, io.paint);
}

/** JUnit or markdown, loaded only for those outputs: most runs print to a console or as JSON. */
async function renderReport(output: string, result: ExecResult): Promise<string> {
  const { endpointCase } = await import("../../engine/render/report.ts");
  const cases: ReportCase[] = [endpointCase(result)];
  if (output === "junit") {
    return (await import("../../engine/render/junit.ts")).renderJunit("apispec exec", cases);
  }
  return (await import("../../engine/render/markdown.ts")).renderMarkdownReport(
    "apispec exec",
    cases,
  );
}
