/** `apispec validate <path>`: exit 0 when valid, 2 when invalid, 5 when a secret is found. */
import { issueJson } from "../../engine/render/issue.ts";
import { validatePath } from "../../ops/collection/validate.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues, printJson } from "../output.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const result = await validatePath(args.positionals[0], io.ctx, io.global.config, {
    cache: args.flags["no-cache"] !== true,
  });
  const errors = result.issues.filter((i) => i.severity === "error").length;
  const warnings = result.issues.length - errors;
  if (args.flags.output === "json") {
    printJson({
      valid: errors === 0,
      files: result.files.length,
      errors,
      warnings,
      issues: result.issues.map(issueJson),
    }, io);
    return result.exitCode;
  }
  printIssues(result.issues, io, result.sources);
  const n = result.files.length;
  const summary = `${n} file${n === 1 ? "" : "s"} checked: ${errors} error${
    errors === 1 ? "" : "s"
  }, ${warnings} warning${warnings === 1 ? "" : "s"}`;
  io.out(errors === 0 ? io.paint.green(`✓ ${summary}`) : io.paint.red(`✗ ${summary}`));
  return result.exitCode;
}
