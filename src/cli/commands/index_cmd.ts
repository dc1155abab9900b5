/** `apispec index`: regenerate api-docs/README.md. Exit 0, or 3 when it cannot be written. */
import { EXIT } from "../../engine/issue.ts";
import { isDirectory } from "../../adapters/fs.ts";
import { findCollectionRoot, noCollection } from "../../ops/collection/load.ts";
import { writeIndex } from "../../ops/collection/index_docs.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";

export async function run(_args: ParsedArgs, io: CliIO): Promise<number> {
  const root = await findCollectionRoot({ config: io.global.config }, io.ctx);
  if (!(await isDirectory(root))) {
    printIssues([{
      code: "ENGINE_ERROR",
      severity: "error",
      message: noCollection(root, io.ctx).message,
      fix: "Run `apispec init` first, or pass --config api-docs/project.md",
    }], io);
    return EXIT.engineError;
  }
  try {
    const result = await writeIndex(root, io.ctx);
    printIssues(result.issues, io);
    io.out(
      `Wrote ${result.file}: ${result.endpoints.length} endpoints, ${result.flows.length} flows`,
    );
    return EXIT.passed;
  } catch (error) {
    printIssues([{
      code: "ENGINE_ERROR",
      severity: "error",
      message: `Cannot write the index: ${(error as Error).message}`,
      fix: "Check folder permissions",
    }], io);
    return EXIT.engineError;
  }
}
