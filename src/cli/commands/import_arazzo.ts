/**
 * `apispec import arazzo <file> [--openapi <file>]`: flows (and the endpoint
 * files they lack) from an Arazzo document; the report is the importers'
 * (console or `--output=json`). Exit 0, 2 (invalid input) or 3.
 */
import { importArazzo } from "../../contract/arazzo_import.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printReport } from "./import.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const report = await importArazzo({
    file: args.positionals[0],
    openapi: args.flags.openapi as string | undefined,
    config: io.global.config,
    allowRemote: args.flags["allow-remote"] === true,
  }, io.ctx);
  return printReport(report, io, args.flags.output === "json");
}
