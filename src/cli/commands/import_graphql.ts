/**
 * `apispec import graphql <schema.graphql|schema.json|url> [--path /graphql]`:
 * one endpoint file per query and mutation field (a URL is read by
 * introspection). Exit 0, 2 (not a schema), 3 (file system) or 4 (the URL
 * cannot be reached).
 */
import { EXIT } from "../../engine/issue.ts";
import { emptyReport, writeConversion } from "../../ops/import/import.ts";
import { loadGraphqlSchema } from "../../ops/graphql/schema_source.ts";
import { convertGraphqlSchema } from "../../convert/graphql/from_schema.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printReport, progressPrinter } from "./import.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const source = args.positionals[0];
  const json = args.flags.output === "json";
  const loaded = await loadGraphqlSchema(source, io.ctx);
  if (!loaded.ok) {
    const code = loaded.exit === "network" ? EXIT.networkError : EXIT.invalidSpec;
    return printReport(emptyReport("", [loaded.issue], code), io, json);
  }
  const path = (args.flags.path as string | undefined) ?? loaded.url?.path ?? "/graphql";
  const conversion = convertGraphqlSchema(loaded.schema, {
    path: path.startsWith("/") ? path : `/${path}`,
    baseUrl: loaded.url?.origin,
    source,
  });
  const progress = progressPrinter(!json && Deno.stderr.isTerminal());
  const report = await writeConversion(conversion, io.ctx, {
    config: io.global.config,
    onProgress: progress,
  });
  progress.end();
  // Mutations are held like imported DELETEs, and said so in their own words.
  if (report.held.length > 0) {
    report.warnings.push(
      `${report.held.length} mutation(s) written with \`standalone: false\`: check and Run all ` +
        "leave them to flows, where their effect on data is chosen",
    );
    report.held = [];
  }
  return printReport(report, io, json);
}
