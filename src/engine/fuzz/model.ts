/**
 * The data of `apispec fuzz` (BEYOND.md §10): an OpenAPI document's
 * operations as fuzzing reads them, the generated cases, the checks and their
 * failures. Plain values; schemas are JSON Schema 2020-12 whose `$ref`s name
 * the document's shared definitions (`DEFINITIONS_PREFIX` + name).
 */
import type { HttpMethod, ResolvedRequest } from "../model.ts";

/** The five checks of BEYOND.md §10, in the order reports list them. */
export const FUZZ_CHECKS = [
  "not_5xx",
  "status_documented",
  "schema_conforms",
  "content_type_documented",
  "negative_rejected",
] as const;
export type FuzzCheck = typeof FUZZ_CHECKS[number];

export type ParameterPlace = "path" | "query" | "header" | "cookie";

export interface FuzzParameter {
  name: string;
  in: ParameterPlace;
  /** Path parameters always are. */
  required: boolean;
  /** `{}` when the document gives none. */
  schema: unknown;
  /** OpenAPI `explode` (default true for query and cookie form style, false otherwise). */
  explode: boolean;
}

export interface FuzzBody {
  /** The media type sent: JSON first, then a form, then plain text. */
  mediaType: string;
  required: boolean;
  schema: unknown;
}

/** A link of a response (OpenAPI `links`), or one inferred from flows or resource paths. */
export interface FuzzLink {
  /** The link's name, or how it was inferred (`flow flows/onboarding.md`, `resource`). */
  name: string;
  /** `METHOD /path` of the operation it leads to. */
  target: string;
  /** Parameter name → runtime expression (`$response.body#/id`) or a constant. */
  parameters: Record<string, unknown>;
}

export interface FuzzResponse {
  /** As written: `200`, `4XX`, `default`. */
  code: string;
  /** Media types of its content (none: a response without a body). */
  mediaTypes: string[];
  /** The JSON media type's schema, when it has one. */
  schema?: unknown;
  links: FuzzLink[];
}

export interface FuzzOperation {
  method: HttpMethod;
  /** The OpenAPI path template, `/users/{userId}`. */
  path: string;
  operationId?: string;
  parameters: FuzzParameter[];
  body?: FuzzBody;
  responses: FuzzResponse[];
  /** Why the operation cannot be fuzzed (a required body apispec cannot write), when it cannot. */
  skip?: string;
}

/** `METHOD /path`: how messages and links name an operation. */
export function operationKey(op: { method: string; path: string }): string {
  return `${op.method.toUpperCase()} ${op.path}`;
}

/** Values of one request: parameters by place and name, and the body. Absent: not sent. */
export interface FuzzCase {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  cookie: Record<string, unknown>;
  /** Absent: no body; `{value: undefined}` never happens. */
  body?: { value: unknown };
}

/** What was made invalid in a negative case, for messages and files. */
export interface Mutation {
  /** `body`, `query q`, `header X-Id`... */
  where: string;
  /** JSON pointer inside it (`/age`); "" for the whole value. */
  pointer: string;
  /** What the change was: `type`, `minimum`, `enum`, `required`, `missing`... */
  keyword: string;
  description: string;
}

export interface NegativeCase {
  case: FuzzCase;
  mutation: Mutation;
}

/** One failed check on one response. */
export interface CheckFailure {
  check: FuzzCheck;
  /** One line: what was wrong. */
  message: string;
  /**
   * What tells this failure from others of the same check on the same
   * operation (a status, a schema keyword at a place, a media type): one file
   * is written per operation, check and key.
   */
  key: string;
}

/** A response as the checks read it. */
export interface FuzzResponseSeen {
  status: number;
  headers: [string, string][];
  body: string;
}

/** One failure as the summary lists it (BEYOND.md §10), with what reports show. */
export interface FuzzFailure {
  check: FuzzCheck;
  method: string;
  path: string;
  status: number;
  /** The endpoint file written, from the working folder; null when none could be. */
  file: string | null;
  seed: number;
  message: string;
  /** Other checks the same answer failed. */
  also: string[];
  /** The request as sent, masked. */
  request?: ResolvedRequest;
  /** The answer, masked. */
  response?: FuzzResponseSeen;
  /** The expected response written into the file: the documented contract. */
  expected?: { status: number; headers: [string, string][]; body?: string };
  /** `written`, `exists` (the same file from an earlier run), or why it was not written. */
  written: string;
}

/** BEYOND.md §10's summary object. */
export interface FuzzSummary {
  operations: number;
  requests: number;
  failures: Pick<FuzzFailure, "check" | "method" | "path" | "status" | "file" | "seed">[];
}

/** A fuzz run as reports read it. */
export interface FuzzRunView {
  /** Set once the run could start, so it can be repeated. */
  seed?: number;
  env?: string;
  /** How reports name the OpenAPI document. */
  openapi?: string;
  summary: FuzzSummary;
  failures: FuzzFailure[];
  /** Each operation's phases (and each producer's chains), with their counts. */
  operations: { operation: string; requests: number; failures: number; skipped?: string }[];
  /** The folder failures are written to, from the working folder. */
  out?: string;
  /** Whether the time budget ended the run. */
  timedOut: boolean;
  durationMs: number;
}
