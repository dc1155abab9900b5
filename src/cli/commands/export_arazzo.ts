/**
 * `apispec export arazzo <flow|dir> [--openapi <file>] [--out <file>]`: the
 * Arazzo document as YAML to `--out` (atomically) or stdout; without
 * `--openapi`, the collection's OpenAPI export is written beside it first.
 */
import { resolve } from "../../adapters/path.ts";
import { EXIT } from "../../engine/issue.ts";
import { dumpYaml as dump } from "../../engine/parse/yaml.ts";
import { writeTextAtomic } from "../../adapters/fs.ts";
import { displayPath } from "../../ops/collection/load.ts";
import { exportArazzo } from "../../contract/arazzo_export.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";

async function write(path: string, text: string, io: CliIO): Promise<boolean> {
  try {
    await writeTextAtomic(path, text);
    return true;
  } catch (error) {
    printIssues([{
      code: "ENGINE_ERROR",
      severity: "error",
      message: `Cannot write ${displayPath(path, io.ctx.cwd)}: ${(error as Error).message}`,
      fix: "Check that the folder exists and is writable",
    }], io);
    return false;
  }
}

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const out = args.flags.out as string | undefined;
  const result = await exportArazzo({
    target: args.positionals[0],
    openapi: args.flags.openapi as string | undefined,
    out,
    config: io.global.config,
    allowRemote: args.flags["allow-remote"] === true,
  }, io.ctx);
  printIssues(result.issues, io);
  if (!result.document) return result.exitCode;
  for (const warning of result.warnings) io.err(`${io.errPaint.yellow("warning")}: ${warning}`);
  if (result.openapi) {
    if (!(await write(result.openapi.path, dump(result.openapi.document), io))) {
      return EXIT.engineError;
    }
    io.err(
      `Wrote ${displayPath(result.openapi.path, io.ctx.cwd)} (the OpenAPI document the steps name)`,
    );
  }
  const text = dump(result.document);
  if (!out) {
    io.out(text.replace(/\n$/, ""));
    return EXIT.passed;
  }
  if (!(await write(resolve(io.ctx.cwd, out), text, io))) return EXIT.engineError;
  io.err(
    `Wrote ${displayPath(resolve(io.ctx.cwd, out), io.ctx.cwd)}: ${result.workflows} workflow(s)`,
  );
  return EXIT.passed;
}
