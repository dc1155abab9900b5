/** `apispec import curl [--file=<path>]`: the command from a file, else from stdin. */
import { readTextBounded } from "../../adapters/bounded.ts";
import { MAX_READ_BYTES } from "../../adapters/fs.ts";
import { EXIT } from "../../engine/issue.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { runImport } from "./import.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const file = args.flags.file as string | undefined;
  if (file) return await runImport("curl", args, io, { path: file });
  const text = await readTextBounded(Deno.stdin.readable, MAX_READ_BYTES);
  if (text === undefined) {
    io.err(
      `error[USAGE]: stdin holds more than ${
        MAX_READ_BYTES / 1024 / 1024
      } MB\n  = fix: Pipe one cURL command, or pass --file`,
    );
    return EXIT.invalidSpec;
  }
  return await runImport("curl", args, io, { text });
}
