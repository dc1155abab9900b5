import type { ParsedArgs } from "./args.ts";
import type { CliIO } from "./io.ts";

/** What a command's module exports: parsed arguments in, exit code out. */
export interface CommandModule {
  run(args: ParsedArgs, io: CliIO): Promise<number>;
}
