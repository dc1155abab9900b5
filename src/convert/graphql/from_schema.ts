/**
 * `import graphql`: one endpoint file per query and mutation field of a
 * schema. Each selects the field's scalar (and enum) fields, passes its
 * required arguments as variables with example values, and expects the
 * non-null part of the answer's shape. Mutations change data, so they are
 * written `standalone: false` (they run in flows, where their effect is
 * chosen). Loaded only by `import graphql`.
 */
import {
  getNamedType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from "graphql";
import type { EndpointDraft } from "../../engine/render/spec_md.ts";
import type { Conversion } from "../endpoint.ts";

export interface SchemaImportOptions {
  /** The path GraphQL is served at (`/graphql`). */
  path: string;
  /** The API's origin, when the schema came from it by introspection. */
  baseUrl?: string;
  /** Where the schema came from, for the draft's notes. */
  source: string;
}

/** How deep example input objects nest (a self-referencing input type stops here). */
const MAX_INPUT_DEPTH = 3;

/** Every query and mutation field as an endpoint draft. */
export function convertGraphqlSchema(
  schema: GraphQLSchema,
  options: SchemaImportOptions,
): Conversion {
  const conversion: Conversion = {
    title: options.baseUrl ? `GraphQL API at ${options.baseUrl}` : "GraphQL API",
    endpoints: [],
    environments: options.baseUrl ? [{ name: "dev", vars: { baseUrl: options.baseUrl } }] : [],
    secrets: [],
    warnings: [],
  };
  const roots: ["query" | "mutation", ReturnType<GraphQLSchema["getQueryType"]>][] = [
    ["query", schema.getQueryType()],
    ["mutation", schema.getMutationType()],
  ];
  for (const [operation, type] of roots) {
    if (!type) continue;
    for (const field of Object.values(type.getFields())) {
      conversion.endpoints.push(fieldDraft(operation, field, options));
    }
  }
  if (schema.getSubscriptionType()) {
    conversion.warnings.push(
      "Subscriptions were left out: they run over WebSocket or SSE transports apispec does not speak for GraphQL",
    );
  }
  if (conversion.endpoints.length === 0) {
    conversion.warnings.push("The schema has no query or mutation fields");
  }
  return conversion;
}

function fieldDraft(
  operation: "query" | "mutation",
  field: GraphQLField<unknown, unknown>,
  options: SchemaImportOptions,
): EndpointDraft {
  const required = field.args.filter((arg) =>
    isNonNullType(arg.type) && arg.defaultValue === undefined
  );
  const name = `${operation === "query" ? "" : "Mutation"}${capitalise(field.name)}`;
  const variables = required.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(", ");
  const args = required.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
  const selection = selectionOf(field.type);
  const query = `${operation} ${name}${variables ? `(${variables})` : ""} {\n  ${field.name}${
    args ? `(${args})` : ""
  }${selection ? ` ${selection}` : ""}\n}`;
  const vars: Record<string, string | number | boolean> = {};
  const variableJson: string[] = [];
  for (const arg of required) {
    const example = inputExample(arg.type, 0);
    const named = getNamedType(arg.type);
    // A variable holds text: booleans, enums and objects are written as JSON instead.
    if (typeof example === "object" || typeof example === "boolean" || isEnumType(named)) {
      variableJson.push(`  ${JSON.stringify(arg.name)}: ${JSON.stringify(example)}`);
    } else {
      vars[arg.name] = example as string | number | boolean;
      const quoted = typeof example === "string";
      variableJson.push(
        `  ${JSON.stringify(arg.name)}: ${quoted ? `"{{${arg.name}}}"` : `{{${arg.name}}}`}`,
      );
    }
  }
  const shape = expectedShape(field.type, 0);
  return {
    title: `${operation === "query" ? "Query" : "Mutation"} ${field.name}`,
    description: field.description ?? undefined,
    resource: "graphql",
    method: "POST",
    path: options.path,
    protocol: "graphql",
    tags: ["graphql", operation],
    ...(Object.keys(vars).length ? { vars } : {}),
    ...(operation === "mutation" ? { standalone: false as const } : {}),
    request: { target: `{{baseUrl}}${options.path}`, headers: [] },
    graphql: {
      query,
      ...(variableJson.length ? { variables: `{\n${variableJson.join(",\n")}\n}` } : {}),
    },
    expected: {
      status: 200,
      headers: [["Content-Type", "application/json"]],
      body: JSON.stringify(
        { data: shape === undefined ? {} : { [field.name]: shape } },
        null,
        2,
      ),
    },
    notes: `Imported from ${options.source} (${operation} field \`${field.name}\`${
      field.deprecationReason ? `, deprecated: ${field.deprecationReason}` : ""
    }). The expected body lists the non-null fields only: nullable ones may come back null.`,
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `{ id name role }` for an object type: its scalar and enum fields without required arguments. */
function selectionOf(type: GraphQLOutputType): string {
  const named = getNamedType(type);
  if (isScalarType(named) || isEnumType(named)) return "";
  if (!isObjectType(named)) return "{ __typename }";
  const fields = Object.values(named.getFields()).filter((f) => {
    const inner = getNamedType(f.type);
    return (isScalarType(inner) || isEnumType(inner)) &&
      !f.args.some((a: GraphQLArgument) => isNonNullType(a.type));
  }).map((f) => f.name);
  return `{ ${fields.length ? fields.join(" ") : "__typename"} }`;
}

/** An example of a scalar or enum's JSON value. */
function scalarExample(name: string, values?: string[]): string | number | boolean {
  if (values) return values[0] ?? "";
  switch (name) {
    case "Int":
      return 1;
    case "Float":
      return 1.5;
    case "Boolean":
      return true;
    case "ID":
      return "1";
    default:
      return "example";
  }
}

/** An example value for an input type (objects with their required fields, a depth limit). */
function inputExample(type: GraphQLInputType, depth: number): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [inputExample(inner.ofType as GraphQLInputType, depth)];
  const named = getNamedType(inner);
  if (isEnumType(named)) return scalarExample(named.name, named.getValues().map((v) => v.name));
  if (isScalarType(named)) return scalarExample(named.name);
  if (isInputObjectType(named)) {
    if (depth >= MAX_INPUT_DEPTH) return {};
    const out: Record<string, unknown> = {};
    for (const field of Object.values(named.getFields())) {
      if (isNonNullType(field.type) && field.defaultValue === undefined) {
        out[field.name] = inputExample(field.type, depth + 1);
      }
    }
    return out;
  }
  return null;
}

/** The answer's shape for the expected body: non-null parts only (undefined when nullable). */
function expectedShape(type: GraphQLOutputType, depth: number): unknown {
  if (!isNonNullType(type)) return undefined;
  const inner = type.ofType;
  if (isListType(inner)) {
    const item = expectedShape(inner.ofType as GraphQLOutputType, depth);
    return item === undefined ? [] : [item];
  }
  const named = getNamedType(inner);
  if (isScalarType(named)) return scalarExample(named.name);
  if (isEnumType(named)) return named.getValues()[0]?.name ?? "";
  if (!isObjectType(named) || depth > 0) return {};
  const out: Record<string, unknown> = {};
  for (const field of Object.values(named.getFields())) {
    const fieldType = getNamedType(field.type);
    if (!(isScalarType(fieldType) || isEnumType(fieldType))) continue;
    if (field.args.some((a) => isNonNullType(a.type))) continue;
    const value = expectedShape(field.type, depth + 1);
    if (value !== undefined) out[field.name] = value;
  }
  return out;
}
