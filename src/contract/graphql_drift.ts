/**
 * `drift --graphql <schema|url>`: each `protocol: graphql` file whose query
 * no longer validates against the schema (graphql-js `validate`: a removed or
 * renamed field, a changed argument type, a new required argument), with the
 * file and line of each reason. Loaded only with `--graphql`.
 */
import { EXIT, type ExitCode, type Issue } from "../engine/issue.ts";
import { type QueryProblem, queryProblems } from "../engine/graphql/syntax.ts";
import type { OpsContext } from "../adapters/system.ts";
import { readCollectionSpecs } from "./collection_specs.ts";
import { loadGraphqlSchema } from "../ops/graphql/schema_source.ts";

export interface GraphqlDriftResult {
  /** GraphQL files checked. */
  checked: number;
  /** One per reason a query does not validate. */
  findings: QueryProblem[];
  issues: Issue[];
  exitCode: ExitCode;
}

export async function graphqlDrift(
  input: { schema: string; dir?: string; config?: string },
  ctx: OpsContext,
): Promise<GraphqlDriftResult> {
  const loaded = await loadGraphqlSchema(input.schema, ctx);
  if (!loaded.ok) {
    return {
      checked: 0,
      findings: [],
      issues: [loaded.issue],
      exitCode: loaded.exit === "network" ? EXIT.networkError : EXIT.invalidSpec,
    };
  }
  const read = await readCollectionSpecs(input.dir, ctx, input.config);
  if ("issue" in read) {
    return { checked: 0, findings: [], issues: [read.issue], exitCode: EXIT.invalidSpec };
  }
  const graphql = read.specs.filter((spec) => spec.graphql);
  const findings = graphql.flatMap((spec) => queryProblems(spec, loaded.schema));
  return {
    checked: graphql.length,
    findings,
    issues: read.issues,
    exitCode: findings.length > 0 ? EXIT.testFailed : EXIT.passed,
  };
}
