/**
 * The data of OpenAPI-as-a-contract: the operations of a document in the
 * form drift and coverage need, and drift's findings. Wire names are those of
 * BEYOND.md §2 (`missing-spec`, `spec`, `line`...).
 */

/** The six finding kinds, in the order reports list them. */
export const DRIFT_KINDS = [
  "missing-spec",
  "undocumented",
  "status",
  "response-body",
  "request-body",
  "parameter",
] as const;
export type DriftKind = typeof DRIFT_KINDS[number];

/** One disagreement. `spec` and `line` are null when it sits on the OpenAPI side. */
export interface DriftFinding {
  kind: DriftKind;
  method: string;
  path: string;
  spec: string | null;
  line: number | null;
  message: string;
}

export interface DriftSummary {
  /** Operations in the OpenAPI document (TRACE left out: apispec cannot run it). */
  operations: number;
  /** Endpoint files in the collection. */
  specs: number;
  /** Operations that at least one endpoint file documents. */
  matched: number;
  /** Findings left after `--ignore`. */
  findings: number;
}

/** A required query or header parameter of an operation. */
export interface ContractParameter {
  name: string;
  in: "query" | "header";
}

/**
 * One operation as drift reads it. Schemas are produced on demand (standalone
 * JSON Schema 2020-12), since a large document has far more of them than a
 * collection exercises.
 */
export interface ContractOperation {
  method: string;
  /** The OpenAPI path template, e.g. `/pets/{petId}`. */
  path: string;
  operationId?: string;
  /** Response keys as written: `200`, `2XX`, `default`. */
  responses: string[];
  /** Required query and header parameters (path and operation level merged). */
  required: ContractParameter[];
  /** Every header parameter's name as the document writes it (the Arazzo export matches them). */
  headerNames?: string[];
  requestBody?: { required: boolean };
  /**
   * The JSON schema of the response documented under `code`, when it has JSON
   * content; its refs point into `definitions()`.
   */
  responseSchema(code: string): unknown | undefined;
  /** The JSON schema of the request body, when it has JSON content. */
  requestSchema(): unknown | undefined;
}

/** What a document holds: its operations, base paths from its servers, its version. */
export interface ContractDocument {
  /** `openapi` as written (after any conversion). */
  version: string;
  operations: ContractOperation[];
  /** Path prefixes of the servers (`/v1`), tried when a spec's path includes one. */
  basePaths: string[];
  /**
   * Every schema the roots handed out so far refer to, by name; roots refer to
   * them as `DEFINITIONS_PREFIX` + name (see validator.ts).
   */
  definitions(): Record<string, unknown>;
  /** Where a definition's name comes from in the document (`#/components/schemas/Pet`). */
  pointerOf(name: string): string | undefined;
  /** What converting the schemas handed out so far worked around (duplicate names, broken refs). */
  flaws(): { where: string; message: string }[];
}
