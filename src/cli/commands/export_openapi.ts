/** `apispec export openapi [<dir>] [--out <file>] [--json]`: YAML or JSON to a file (atomic) or stdout. */
import { resolve } from "../../adapters/path.ts";
import { EXIT } from "../../engine/issue.ts";
import { dumpYaml } from "../../engine/parse/yaml.ts";
import { exportOpenApi } from "../../ops/export/openapi.ts";
import { displayPath } from "../../ops/collection/load.ts";
import { writeTextAtomic } from "../../adapters/fs.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const result = await exportOpenApi(args.positionals[0], io.ctx, io.global.config);
  printIssues(result.issues, io);
  if (!result.document) return result.exitCode;
  const text = args.flags.json
    ? JSON.stringify(result.document, null, 2) + "\n"
    : dumpYaml(result.document);
  const out = args.flags.out as string | undefined;
  if (!out) {
    io.out(text.replace(/\n$/, ""));
    return EXIT.passed;
  }
  try {
    await writeTextAtomic(resolve(io.ctx.cwd, out), text);
  } catch (error) {
    printIssues([{
      code: "ENGINE_ERROR",
      severity: "error",
      message: `Cannot write ${out}: ${(error as Error).message}`,
      fix: "Check that the folder exists and is writable",
    }], io);
    return EXIT.engineError;
  }
  const merged = (result.specs ?? 0) - result.operations;
  io.err(
    `Wrote ${displayPath(resolve(io.ctx.cwd, out), io.ctx.cwd)}: ${result.operations} operation${
      result.operations === 1 ? "" : "s"
    } from ${result.specs} endpoint file${result.specs === 1 ? "" : "s"}${
      merged > 0 ? ` (${merged} merged into operations they share; see the warnings above)` : ""
    }`,
  );
  return EXIT.passed;
}
