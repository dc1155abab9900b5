/**
 * GraphQL documents through graphql-js (loaded only for `protocol: graphql`
 * files, import graphql and drift --graphql): a query's syntax errors and its
 * validation against a schema, each at its line in the endpoint file.
 */
import { type GraphQLError, type GraphQLSchema, parse, validate } from "graphql";
import { type Issue, issue } from "../issue.ts";
import type { EndpointSpec } from "../model.ts";

/** Where a GraphQL error points, as a line of the endpoint file (the query starts at `firstLine`). */
function fileLine(error: GraphQLError, firstLine: number): { line: number; column?: number } {
  const at = error.locations?.[0];
  return at ? { line: firstLine + at.line - 1, column: at.column } : { line: firstLine };
}

/** The query's syntax errors (none when it parses). */
export function querySyntaxIssues(spec: EndpointSpec): Issue[] {
  if (!spec.graphql) return [];
  try {
    parse(spec.graphql.query);
    return [];
  } catch (error) {
    const graphqlError = error as GraphQLError;
    return [issue(
      "VALIDATION_ERROR",
      `GraphQL syntax error: ${graphqlError.message.replace(/^Syntax Error: /, "")}`,
      {
        file: spec.file,
        ...fileLine(graphqlError, spec.graphql.line),
        fix:
          "Write the operation in GraphQL syntax, e.g. `query User($id: ID!) { user(id: $id) { id name } }`",
      },
    )];
  }
}

export interface QueryProblem {
  file: string;
  line: number;
  column?: number;
  message: string;
}

/**
 * The reasons a file's query does not validate against `schema`
 * (graphql-js `validate`: unknown fields, wrong argument types, missing
 * required variables...), each at its line.
 */
export function queryProblems(spec: EndpointSpec, schema: GraphQLSchema): QueryProblem[] {
  if (!spec.graphql) return [];
  let document;
  try {
    document = parse(spec.graphql.query);
  } catch (error) {
    const graphqlError = error as GraphQLError;
    return [{
      file: spec.file,
      ...fileLine(graphqlError, spec.graphql.line),
      message: graphqlError.message,
    }];
  }
  return validate(schema, document).map((error) => ({
    file: spec.file,
    ...fileLine(error, spec.graphql!.line),
    message: error.message,
  }));
}
