import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { VERSION } from "../../version.ts";

export function run(_args: ParsedArgs, io: CliIO): Promise<number> {
  io.out(`apispec ${VERSION}`);
  return Promise.resolve(0);
}
