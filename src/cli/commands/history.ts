/**
 * `apispec history <spec> [--last n] [--output console|json]`: the spec's
 * recent runs and trend; JSON is the object `apispec_history` returns.
 */
import { EXIT } from "../../engine/issue.ts";
import { renderHistory } from "../../engine/render/history.ts";
import { historyOf } from "../../ops/run/history.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues, printJson } from "../output.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const last = (args.flags.last as number | undefined) ?? 10;
  if (last < 1) {
    io.err(`error[USAGE]: --last must be at least 1, got ${last}\n  = fix: Pass --last=10`);
    return EXIT.invalidSpec;
  }
  const { result, issues } = await historyOf(args.positionals[0], io.ctx, {
    last,
    config: io.global.config,
  });
  if (!result) {
    printIssues(issues, io);
    return EXIT.invalidSpec;
  }
  if (args.flags.output === "json") printJson(result, io);
  else io.out(renderHistory(result, io.paint));
  return EXIT.passed;
}
