/** `apispec import curl [--file=<path>]`: the command from a file, else from stdin. */
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { runImport } from "./import.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const file = args.flags.file as string | undefined;
  if (file) return await runImport("curl", args, io, { path: file });
  const text = await new Response(Deno.stdin.readable).text();
  return await runImport("curl", args, io, { text });
}
