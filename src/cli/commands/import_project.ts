/** `apispec import project [<path>] [--port=<n>] [--url=<url>]`: discover the project's API, then import it. */
import { EXIT } from "../../engine/issue.ts";
import { discoverProject } from "../../ops/import/discover.ts";
import { emptyReport, invalidInput, writeConversion } from "../../ops/import/import.ts";
import { displayPath } from "../../ops/collection/load.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printReport } from "./import.ts";

const SOURCES = {
  url: "the OpenAPI document at",
  file: "the OpenAPI file",
  server: "the dev server's OpenAPI document at",
  source: "routes found in the source of",
};

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const json = args.flags.output === "json";
  const dir = args.positionals[0];
  const discovery = await discoverProject({
    dir,
    url: args.flags.url as string | undefined,
    port: args.flags.port as number | undefined,
    allowRemote: args.flags["allow-remote"] === true,
  }, io.ctx);
  const from = discovery.from?.startsWith("http")
    ? discovery.from
    : discovery.from && displayPath(discovery.from, io.ctx.cwd);
  if (!discovery.outcome.ok) {
    return printReport(
      emptyReport("", [invalidInput(discovery.outcome, from ?? "project")], EXIT.invalidSpec),
      io,
      json,
    );
  }
  if (!discovery.source) {
    if (!json) {
      io.err("No API found: no OpenAPI file, no dev server answering, no routes in the source");
    }
  } else if (!json) io.err(`Importing ${SOURCES[discovery.source]} ${from}`);
  const report = await writeConversion(discovery.outcome.conversion, io.ctx, {
    config: io.global.config,
    projectDir: dir,
  });
  return printReport(report, io, json);
}
