/** `apispec init [--name] [--dev-url] [--yes]`: prompts for missing values unless --yes. */
import { initProject } from "../../ops/setup/init.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";

const DEFAULT_NAME = "my-api";
const DEFAULT_DEV_URL = "http://localhost:8080";

async function ask(io: CliIO, question: string, fallback: string): Promise<string> {
  const answer = await io.prompt(`${question} [${fallback}]: `);
  return answer?.trim() || fallback;
}

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  let name = args.flags.name as string | undefined;
  let devUrl = args.flags["dev-url"] as string | undefined;
  if (!io.global.yes) {
    name ??= await ask(io, "Project name", DEFAULT_NAME);
    devUrl ??= await ask(io, "Dev base URL", DEFAULT_DEV_URL);
  }
  const result = await initProject({
    name: name ?? DEFAULT_NAME,
    devUrl: devUrl ?? DEFAULT_DEV_URL,
  }, io.ctx);
  printIssues(result.issues, io);
  if (result.exitCode !== 0) return result.exitCode;
  for (const file of result.created) io.out(`${io.paint.green("created")}  ${file}`);
  for (const entry of result.ignored) io.out(`${io.paint.green("ignored")}  ${entry}`);
  if (result.imported) {
    io.out(
      `\nImported ${result.imported.written.length} endpoint(s) from ${result.imported.source}`,
    );
    for (const file of result.imported.written) io.out(`${io.paint.green("wrote")}    ${file}`);
    if (result.imported.held.length > 0) {
      const { heldNote } = await import("./import.ts");
      io.out(heldNote(result.imported.held.length, io));
    }
  }
  io.out(
    `\nNext: add endpoint files under api-docs/apis/<resource>/, or save one with\n  apispec request GET ${
      devUrl ?? DEFAULT_DEV_URL
    }/health --save`,
  );
  return 0;
}
