/**
 * `apispec export artillery|k6 <flow|dir> [--env] [--var]... [--duration <s>]
 * [--rate <n>] [--out <file>]`: a load script to stdout or a file (atomic).
 * What the script cannot check under load is listed on stderr and in the
 * script's header. Exit 0, 2 (invalid files, unresolved variables), 3, 5.
 */
import { resolve } from "../../adapters/path.ts";
import { EXIT, issue } from "../../engine/issue.ts";
import { writeTextAtomic } from "../../adapters/fs.ts";
import { displayPath } from "../../ops/collection/load.ts";
import { exportLoad, type LoadEngine } from "../../load/export_load.ts";
import { type ParsedArgs, parseVars } from "../args.ts";
import type { CommandModule } from "../command_module.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";

export function loadExporter(engine: LoadEngine): CommandModule {
  return { run: (args, io) => run(engine, args, io) };
}

async function run(engine: LoadEngine, args: ParsedArgs, io: CliIO): Promise<number> {
  const { vars, issues } = parseVars(args.flags.var as string[] | undefined);
  for (const flag of ["duration", "rate"]) {
    if (args.flags[flag] === 0) {
      issues.push(issue("USAGE", `--${flag} must be at least 1`, {
        fix: `Write --${flag} <n> with n ≥ 1, or leave it out (duration 60 s, rate 5 per second)`,
      }));
    }
  }
  if (issues.length > 0) {
    printIssues(issues, io);
    return EXIT.invalidSpec;
  }
  const out = args.flags.out as string | undefined;
  const result = await exportLoad({
    engine,
    target: args.positionals[0],
    env: args.flags.env as string | undefined,
    cli: vars,
    duration: args.flags.duration as number | undefined,
    rate: args.flags.rate as number | undefined,
    config: io.global.config,
    out,
  }, io.ctx);
  printIssues(result.issues, io);
  if (result.text === undefined) return result.exitCode;
  for (const note of result.notes) io.err(`note: not checked under load: ${note}`);
  for (const caveat of result.caveats) io.err(`note: ${caveat}`);
  if (!out) {
    io.out(result.text.replace(/\n$/, ""));
    return EXIT.passed;
  }
  const path = resolve(io.ctx.cwd, out);
  const written = [{ path, text: result.text }, ...result.files];
  for (const file of written) {
    try {
      await writeTextAtomic(file.path, file.text);
    } catch (error) {
      const name = displayPath(file.path, io.ctx.cwd);
      printIssues([issue("ENGINE_ERROR", `Cannot write ${name}: ${(error as Error).message}`, {
        fix: "Check that the path is writable",
      })], io);
      return EXIT.engineError;
    }
  }
  const names = written.map((f) => displayPath(f.path, io.ctx.cwd));
  const list = names.length === 1
    ? names[0]
    : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  io.err(`Wrote ${list}: ${result.scenarios} scenario(s) for ${engine}`);
  return EXIT.passed;
}
