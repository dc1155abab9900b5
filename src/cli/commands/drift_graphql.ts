/**
 * `apispec drift --graphql <schema|url> [<dir>]`: each GraphQL file whose
 * query no longer validates against the schema, as `file:line` lines (console)
 * or `{checked, findings}` (`--report json`). Exit 0, 1 (findings), 2 or 4.
 */
import { graphqlDrift } from "../../contract/graphql_drift.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues, printJson } from "../output.ts";

export async function runGraphqlDrift(args: ParsedArgs, io: CliIO): Promise<number> {
  const result = await graphqlDrift({
    schema: args.flags.graphql as string,
    dir: args.positionals[0],
    config: io.global.config,
  }, io.ctx);
  printIssues(result.issues, io);
  if (args.flags.report === "json") {
    printJson({ checked: result.checked, findings: result.findings }, io);
    return result.exitCode;
  }
  if (result.checked === 0 && result.findings.length === 0 && result.issues.length === 0) {
    io.out("no protocol: graphql files to check");
    return result.exitCode;
  }
  const paint = io.paint;
  for (const finding of result.findings) {
    io.out(
      `${paint.red("drift")}  ${finding.file}:${finding.line}${
        finding.column ? `:${finding.column}` : ""
      }  ${finding.message}`,
    );
  }
  const files = new Set(result.findings.map((f) => f.file)).size;
  io.out(
    result.findings.length === 0
      ? `${
        paint.green("✓")
      } ${result.checked} GraphQL file(s) validate against ${args.flags.graphql}`
      : `${files} of ${result.checked} GraphQL file(s) no longer validate against ${args.flags.graphql}`,
  );
  return result.exitCode;
}
