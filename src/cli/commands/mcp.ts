/** `apispec mcp`: the stdio tool server; runs until the client closes stdin. */
import { EXIT } from "../../engine/issue.ts";
import { serveStdio } from "../../mcp/server.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";

export async function run(_args: ParsedArgs, io: CliIO): Promise<number> {
  await serveStdio(io.ctx);
  return EXIT.passed;
}
