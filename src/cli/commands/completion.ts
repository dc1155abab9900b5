/** `apispec completion <shell>`: prints the script; see docs/completion.md for where each shell loads it. */
import { completionScript } from "../completion/generate.ts";
import type { Shell } from "../completion/shells.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";

export function run(args: ParsedArgs, io: CliIO): Promise<number> {
  io.out(completionScript(args.positionals[0] as Shell));
  return Promise.resolve(0);
}
