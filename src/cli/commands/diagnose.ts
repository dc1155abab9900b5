/**
 * `apispec diagnose <file>`: run an endpoint and explain the outcome. Exit 0
 * whenever a diagnosis was printed, even for a failing endpoint; 2 for setup
 * errors (bad --var, refused production run, missing file), 3 when the
 * diagnosis cannot be serialised.
 */
import { EXIT } from "../../engine/issue.ts";
import { renderDiagnosis } from "../../engine/render/diagnosis.ts";
import { diagnoseSpec } from "../../ops/run/diagnose.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { runSetup } from "../run_setup.ts";
import { printIssues } from "../output.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const setup = await runSetup(args, io);
  if (!setup) return EXIT.invalidSpec;
  const { vars, env } = setup;
  const result = await diagnoseSpec({
    file: args.positionals[0],
    env,
    cli: vars,
    timeoutMs: args.flags.timeout as number | undefined,
    strictAssertions: args.flags["strict-assertions"] === true,
    config: io.global.config,
    transportOptions: setup.transport,
  }, io.ctx);
  if (!result.diagnosis) {
    printIssues(result.issues, io, result.sources);
    return result.exitCode;
  }
  if (args.flags.output === "json") {
    let text: string;
    try {
      text = JSON.stringify(result.diagnosis, null, 2);
    } catch (error) {
      io.err(`error[ENGINE_ERROR]: Cannot serialise the diagnosis: ${(error as Error).message}`);
      return EXIT.engineError;
    }
    io.out(text);
    return EXIT.passed;
  }
  // Warnings only: the diagnosis already explains the errors, with their places in `inspect`.
  printIssues(result.issues.filter((i) => i.severity === "warning"), io, result.sources);
  io.out(renderDiagnosis(result.diagnosis, io.paint));
  return EXIT.passed;
}
