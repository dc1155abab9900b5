/**
 * The five checks of `apispec fuzz` on one response, as Schemathesis names
 * their kin: `not_5xx` (not_a_server_error), `status_documented`
 * (status_code_conformance: an exact code, an `NXX` range or `default`),
 * `schema_conforms` (response_schema_conformance, for JSON answers),
 * `content_type_documented` (content_type_conformance, wildcards honoured)
 * and `negative_rejected` (negative_data_rejection: an invalid request is
 * not answered 2xx). Pure: the schema check is given.
 */
import type { SchemaError } from "../contract/validator.ts";
import { headerValue } from "../compare/headers.ts";
import { responseJson } from "../compare/json_path.ts";
import { isJsonMediaType } from "../resolve/json_template.ts";
import { pointerPath } from "../contract/body.ts";
import type {
  CheckFailure,
  FuzzCheck,
  FuzzOperation,
  FuzzResponse,
  FuzzResponseSeen,
  Mutation,
} from "./model.ts";

/** Errors of a response body against a schema (the shared validator, response direction). */
export type ValidateResponse = (schema: unknown, value: unknown) => SchemaError[];

export interface CheckInput {
  operation: FuzzOperation;
  response: FuzzResponseSeen;
  /** Set for a negative case: what was made invalid. */
  mutation?: Mutation;
  checks: ReadonlySet<FuzzCheck>;
  validate: ValidateResponse;
}

/** The documented response a status answers to: the exact code, its `NXX` range, then `default`. */
export function documentedResponse(
  operation: FuzzOperation,
  status: number,
): FuzzResponse | undefined {
  const exact = operation.responses.find((r) => r.code === String(status));
  if (exact) return exact;
  const range = `${Math.floor(status / 100)}XX`;
  return operation.responses.find((r) => r.code.toUpperCase() === range) ??
    operation.responses.find((r) => r.code === "default");
}

function mediaTypeOf(value: string): string {
  return value.split(";")[0].trim().toLowerCase();
}

/** `application/*` and `*\/*` match by wildcard; parameters (`charset`) do not matter. */
export function mediaTypeMatches(documented: string, actual: string): boolean {
  const [wantType, wantSub] = mediaTypeOf(documented).split("/");
  const [type, sub] = mediaTypeOf(actual).split("/");
  return (wantType === "*" || wantType === type) && (wantSub === "*" || wantSub === sub);
}

/** A server error body reduced to what tells two crashes apart (numbers and ids blurred). */
function crashKey(body: string): string {
  return body.slice(0, 200).replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
}

/** `/items/3/id` → `/items/*\/id`: errors in any item of a list are one failure. */
function pointerKey(pointer: string): string {
  return pointer.replace(/\/\d+(?=\/|$)/g, "/*");
}

function documentedCodes(operation: FuzzOperation): string {
  return operation.responses.map((r) => r.code).join(", ") || "none";
}

function notServerError({ response }: CheckInput): CheckFailure | undefined {
  if (response.status < 500) return undefined;
  return {
    check: "not_5xx",
    message: `the API answered ${response.status}: a server error`,
    key: `${response.status} ${crashKey(response.body)}`,
  };
}

/**
 * `not_5xx` for a request the API dropped: it closed the connection without
 * an answer, as a server does when the request crashed the process that read
 * it (Schemathesis counts it with server errors). Status 0 stands for no answer.
 */
export function closedWithoutAnswer(): CheckFailure {
  return {
    check: "not_5xx",
    message: "the API closed the connection without an answer: the request crashed it?",
    key: "0 no answer",
  };
}

function statusDocumented({ operation, response }: CheckInput): CheckFailure | undefined {
  if (documentedResponse(operation, response.status)) return undefined;
  return {
    check: "status_documented",
    message: `status ${response.status} is not documented (documented: ${
      documentedCodes(operation)
    })`,
    key: String(response.status),
  };
}

function contentTypeDocumented({ operation, response }: CheckInput): CheckFailure | undefined {
  const documented = documentedResponse(operation, response.status);
  if (!documented || documented.mediaTypes.length === 0 || response.body === "") return undefined;
  const actual = headerValue(response.headers, "content-type");
  const listed = documented.mediaTypes.join(", ");
  if (actual === undefined) {
    return {
      check: "content_type_documented",
      message:
        `the ${response.status} answer has a body but no Content-Type (documented: ${listed})`,
      key: `${response.status} none`,
    };
  }
  if (documented.mediaTypes.some((type) => mediaTypeMatches(type, actual))) return undefined;
  return {
    check: "content_type_documented",
    message: `the ${response.status} answer is ${
      mediaTypeOf(actual)
    }, not a documented media type (${listed})`,
    key: `${response.status} ${mediaTypeOf(actual)}`,
  };
}

function schemaConforms(input: CheckInput): CheckFailure | undefined {
  const { operation, response } = input;
  const documented = documentedResponse(operation, response.status);
  if (!documented || documented.schema === undefined || operation.method === "HEAD") {
    return undefined;
  }
  const actual = headerValue(response.headers, "content-type");
  // A body of another media type is content_type_documented's business.
  if (actual !== undefined && !isJsonMediaType(actual)) return undefined;
  if (actual === undefined && response.body === "") return undefined;
  // Parsed once per response (the run's assertions read the same parse), depth bounded.
  const parsed = responseJson(response);
  if (!parsed.ok) {
    return {
      check: "schema_conforms",
      message: `the ${response.status} body is not JSON${
        parsed.tooDeep ? " apispec reads (it nests too deep)" : ""
      }`,
      key: `${response.status} json`,
    };
  }
  const errors = input.validate(documented.schema, parsed.value);
  if (errors.length === 0) return undefined;
  const first = errors[0];
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  return {
    check: "schema_conforms",
    message: `the ${response.status} body breaks its schema: ${
      pointerPath("body", first.pointer)
    }: ${first.message}${more}`,
    key: `${response.status} ${first.keyword} ${pointerKey(first.pointer)}`,
  };
}

function negativeRejected({ response, mutation }: CheckInput): CheckFailure | undefined {
  if (!mutation || response.status < 200 || response.status > 299) return undefined;
  return {
    check: "negative_rejected",
    message: `an invalid request (${mutation.where}${
      mutation.pointer ? ` ${mutation.pointer}` : ""
    }: ${mutation.description}) was accepted with ${response.status}`,
    key: String(response.status),
  };
}

const RUN: Record<FuzzCheck, (input: CheckInput) => CheckFailure | undefined> = {
  not_5xx: notServerError,
  status_documented: statusDocumented,
  schema_conforms: schemaConforms,
  content_type_documented: contentTypeDocumented,
  negative_rejected: negativeRejected,
};

/**
 * Every enabled check that fails on the response, in `FUZZ_CHECKS` order
 * (the first is the one a failure is filed under).
 *
 * @example
 * ```ts
 * import { runChecks } from "./checks.ts";
 * const operation = {
 *   method: "GET" as const, path: "/health", parameters: [],
 *   responses: [{ code: "200", mediaTypes: ["application/json"], links: [] }],
 * };
 * runChecks({
 *   operation, checks: new Set(["not_5xx", "status_documented"] as const), validate: () => [],
 *   response: { status: 503, headers: [], body: "down" },
 * }).map((f) => f.check); // ["not_5xx", "status_documented"]
 * ```
 */
export function runChecks(input: CheckInput): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const check of Object.keys(RUN) as FuzzCheck[]) {
    if (!input.checks.has(check)) continue;
    const failure = RUN[check](input);
    if (failure) failures.push(failure);
  }
  return failures;
}
