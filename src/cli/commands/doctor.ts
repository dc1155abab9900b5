/**
 * `apispec doctor [--fix] [--output=console|json]`: one line per check with
 * its fix. Exit 0 when nothing failed (warnings allowed), 1 when a check
 * failed, 3 when --fix could not write a file.
 */
import { type DoctorCheck, runDoctor } from "../../ops/setup/doctor.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues, printJson } from "../output.ts";

function checkLine(check: DoctorCheck, io: CliIO): string {
  const mark = check.status === "pass"
    ? io.paint.green("✓")
    : check.status === "fail"
    ? io.paint.red("✗")
    : io.paint.yellow("!");
  const fix = check.status !== "pass" && check.fix
    ? `\n    ${io.paint.dim(`fix: ${check.fix}`)}`
    : "";
  return `${mark} ${check.message}${fix}`;
}

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const result = await runDoctor({ fix: args.flags.fix === true }, io.ctx, io.global.config);
  const count = (status: DoctorCheck["status"]) =>
    result.checks.filter((c) => c.status === status).length;
  if (args.flags.output === "json") {
    printJson({
      passed: count("fail") === 0,
      checks: result.checks.map((c) => ({ ...c, fix: c.fix ?? null })),
      fixed: result.fixed,
    }, io);
    printIssues(result.issues, io);
    return result.exitCode;
  }
  if (result.fixed.length > 0) {
    io.out(io.paint.bold("Fixed:"));
    for (const line of result.fixed) io.out(`  ${io.paint.green("+")} ${line}`);
    io.out("");
  }
  for (const check of result.checks) io.out(checkLine(check, io));
  printIssues(result.issues, io);
  const warnings = count("warn");
  io.out(
    `\n${count("pass")} checks passed, ${count("fail")} failed${
      warnings ? `, ${warnings} warning${warnings === 1 ? "" : "s"}` : ""
    }`,
  );
  return result.exitCode;
}
