/**
 * Drift between a collection and an OpenAPI document, in both directions:
 * operations without an endpoint file, endpoint files without an operation,
 * and, for each matched pair, statuses, bodies and required parameters that
 * disagree. Pure: the document and the parsed files come in, findings go out.
 */
import { coversStatus, statusText } from "../compare/status.ts";
import type { EndpointSpec, ResponseBlock } from "../model.ts";
import { bodyErrors, isJsonMedia, parseTemplateJson } from "./body.ts";
import {
  type ContractDocument,
  type ContractOperation,
  DRIFT_KINDS,
  type DriftFinding,
  type DriftKind,
  type DriftSummary,
} from "./model.ts";
import { OperationIndex, routeKey } from "./path_match.ts";
import { SharedSchemaValidator } from "./validator.ts";
import { DEFINITIONS_PREFIX } from "./schema_ids.ts";
import { ExampleGenerator } from "../examples/mod.ts";

export interface DriftOutcome {
  findings: DriftFinding[];
  summary: DriftSummary;
  /** Schemas of the document that are flawed, each named: they are checked as far as they can be. */
  warnings: string[];
}

/** At most this many schema errors are named per body; the rest are counted. */
const MAX_ERRORS = 3;

function contentType(headers: { name: string; value: string }[]): string | undefined {
  return headers.find((h) => /^content-type$/i.test(h.name))?.value.split(";")[0].trim();
}

/** The response key documenting a status: exact, then `2XX`, then `default`. */
export function responseKeyFor(op: ContractOperation, status: number): string | undefined {
  const exact = op.responses.find((c) => c === String(status));
  if (exact) return exact;
  const range = op.responses.find((c) => /^[1-5]XX$/i.test(c) && c[0] === String(status)[0]);
  return range ?? op.responses.find((c) => c === "default");
}

/**
 * The documented response a block's status line stands for: the first of its
 * alternatives the operation documents. A range (`2XX`) is documented by the
 * same range or by any status in it.
 */
function responseKeyForBlock(op: ContractOperation, block: ResponseBlock): string | undefined {
  for (const alternative of block.statuses ?? [String(block.status)]) {
    const key = /X/.test(alternative)
      ? op.responses.find((c) => c.toUpperCase() === alternative) ??
        op.responses.find((c) => /^\d{3}$/.test(c) && coversStatus(alternative, Number(c))) ??
        op.responses.find((c) => c === "default")
      : responseKeyFor(op, Number(alternative));
    if (key) return key;
  }
  return undefined;
}

function errorsText(errors: string[]): string {
  const named = errors.slice(0, MAX_ERRORS).join("; ");
  return errors.length > MAX_ERRORS ? `${named} (and ${errors.length - MAX_ERRORS} more)` : named;
}

function queryNames(target: string): Set<string> {
  const query = target.split("?").slice(1).join("?").split("#")[0];
  const names = new Set<string>();
  for (const pair of query ? query.split("&") : []) {
    const name = pair.split("=")[0];
    try {
      if (name) names.add(decodeURIComponent(name));
    } catch {
      names.add(name);
    }
  }
  return names;
}

/**
 * A body to validate once every schema is converted: all of them are added
 * to one validator, so validation waits until the specs have been read.
 */
interface BodyCheck {
  schema: unknown;
  value: unknown;
  prefix: "body" | "request";
  /** The operation and body, naming the schema if ajv refuses it. */
  label: string;
  partial: boolean;
  finding: (errors: string) => DriftFinding;
}

/** Findings of one endpoint file against the operation it documents; body checks are queued. */
function compareSpec(
  spec: EndpointSpec,
  op: ContractOperation,
  checks: BodyCheck[],
): DriftFinding[] {
  const findings: DriftFinding[] = [];
  const finding = (kind: DriftKind, line: number, message: string): DriftFinding => ({
    kind,
    method: spec.method,
    path: spec.path,
    spec: spec.file,
    line,
    message,
  });
  const add = (kind: DriftKind, line: number, message: string) =>
    findings.push(finding(kind, line, message));
  const where = `${op.method} ${op.path}`;
  const responses: [string, ResponseBlock][] = [
    ["expected", spec.expected],
    ...spec.errorResponses.map((r) => ["error" as string, r] as [string, ResponseBlock]),
  ];
  for (const [role, block] of responses) {
    // An operation that documents no response (3.1 allows it) has no status to disagree with.
    if (op.responses.length === 0) continue;
    const key = responseKeyForBlock(op, block);
    if (!key) {
      add(
        "status",
        block.line,
        `${role === "expected" ? "Expected" : "Error response"} status ${
          statusText(block)
        } is not ` +
          `documented for ${where} (documented: ${op.responses.join(", ") || "none"})`,
      );
      continue;
    }
    if (!block.body.trim() || !isJsonMedia(contentType(block.headers))) continue;
    const value = parseTemplateJson(block.body);
    const schema = value === undefined ? undefined : op.responseSchema(key);
    if (schema === undefined) continue;
    checks.push({
      schema,
      value,
      prefix: "body",
      label: `${where} response ${key}`,
      // Only a strict expected body is the whole response; shape and schema bodies may be partial.
      partial: spec.match !== "strict",
      finding: (errors) =>
        finding(
          "response-body",
          block.line,
          `${role === "expected" ? "Expected" : "Error response"} body (${
            statusText(block)
          }) does ` +
            `not match the ${key} response schema of ${where}: ${errors}`,
        ),
    });
  }
  const request = spec.request;
  if (op.requestBody) {
    if (!request.body.trim()) {
      if (op.requestBody.required) {
        add("request-body", request.line, `${where} requires a request body; the request has none`);
      }
    } else if (isJsonMedia(contentType(request.headers))) {
      const value = parseTemplateJson(request.body);
      const schema = value === undefined ? undefined : op.requestSchema();
      if (schema !== undefined) {
        checks.push({
          schema,
          value,
          prefix: "request",
          label: `${where} request body`,
          partial: false,
          finding: (errors) =>
            finding(
              "request-body",
              request.line,
              `Request body does not match the requestBody schema of ${where}: ${errors}`,
            ),
        });
      }
    }
  }
  const query = queryNames(request.target);
  const headers = new Set(request.headers.map((h) => h.name.toLowerCase()));
  for (const param of op.required) {
    const present = param.in === "query"
      ? query.has(param.name)
      : headers.has(param.name.toLowerCase());
    if (!present) {
      add(
        "parameter",
        request.line,
        `Required ${param.in} parameter "${param.name}" of ${where} is absent from the request`,
      );
    }
  }
  return findings;
}

function order(a: DriftFinding, b: DriftFinding): number {
  return DRIFT_KINDS.indexOf(a.kind) - DRIFT_KINDS.indexOf(b.kind) ||
    a.path.localeCompare(b.path) || a.method.localeCompare(b.method) ||
    (a.spec ?? "").localeCompare(b.spec ?? "") || (a.line ?? 0) - (b.line ?? 0);
}

/**
 * Compares endpoint files (their `file` as reports should name it) with a
 * document's operations; `ignore` drops whole kinds.
 *
 * @example
 * ```ts
 * import { driftFindings } from "./drift.ts";
 * const doc = {
 *   version: "3.1.0", basePaths: [], operations: [],
 *   definitions: () => ({}), pointerOf: () => undefined, flaws: () => [],
 * };
 * driftFindings(doc, [], []).summary; // { operations: 0, specs: 0, matched: 0, findings: 0 }
 * ```
 */
export function driftFindings(
  doc: ContractDocument,
  specs: EndpointSpec[],
  ignore: DriftKind[],
): DriftOutcome {
  const index = new OperationIndex(doc.operations, doc.basePaths);
  // Route keys, so two operations that differ only in parameter names count as one.
  const matched = new Set<string>();
  const findings: DriftFinding[] = [];
  const checks: BodyCheck[] = [];
  for (const spec of specs) {
    const op = index.find(spec.method, spec.path);
    if (!op) {
      findings.push({
        kind: "undocumented",
        method: spec.method,
        path: spec.path,
        spec: spec.file,
        line: spec.request.line,
        message: `${spec.method} ${spec.path} is not an operation of the OpenAPI document`,
      });
      continue;
    }
    matched.add(routeKey(op.method, op.path));
    findings.push(...compareSpec(spec, op, checks));
  }
  let validator: SharedSchemaValidator | undefined;
  const unsatisfiable: string[] = [];
  if (checks.length) {
    const definitions = doc.definitions();
    const shared = validator = new SharedSchemaValidator(definitions);
    // A body that fails is first asked whether any body could pass: a schema no
    // value satisfies (allOf of a string and an integer) is the document's flaw, named once.
    let examples: ExampleGenerator | undefined;
    const satisfiable = new Map<unknown, boolean>();
    const admitsSome = (check: BodyCheck): boolean => {
      let known = satisfiable.get(check.schema);
      if (known === undefined) {
        examples ??= new ExampleGenerator({
          prefix: DEFINITIONS_PREFIX,
          definition: (name) => definitions[name],
        }, shared);
        const mode = check.prefix === "request" ? "request" : "response";
        const probe = examples.example(check.schema, { mode });
        known = probe.ok;
        satisfiable.set(check.schema, known);
        if (!probe.ok) {
          unsatisfiable.push(
            `Schema of ${check.label} admits no body apispec could find ` +
              `(${errorsText(bodyErrors(() => probe.errors, probe.value, "body"))}): ` +
              "bodies are not checked against it",
          );
        }
      }
      return known;
    };
    for (const check of checks) {
      const errors = bodyErrors(
        () =>
          shared.errors(
            check.schema,
            check.value,
            check.prefix === "request" ? "request" : "response",
            check.label,
          ),
        check.value,
        check.prefix,
        check.partial,
      );
      if (errors.length && admitsSome(check)) findings.push(check.finding(errorsText(errors)));
    }
  }
  let matchedOperations = 0;
  for (const op of doc.operations) {
    if (matched.has(routeKey(op.method, op.path))) {
      matchedOperations++;
      continue;
    }
    findings.push({
      kind: "missing-spec",
      method: op.method,
      path: op.path,
      spec: null,
      line: null,
      message: `${op.method} ${op.path}${
        op.operationId ? ` (${op.operationId})` : ""
      } has no endpoint file`,
    });
  }
  const kept = findings.filter((f) => !ignore.includes(f.kind)).sort(order);
  const warnings = [
    ...unsatisfiable,
    ...doc.flaws().map((flaw) => `Schema ${flaw.where}: ${flaw.message}`),
    ...(validator?.flaws() ?? []).map((flaw) =>
      `Schema ${doc.pointerOf(flaw.name) ?? flaw.name} is not valid JSON Schema ` +
      `(${flaw.message}): bodies are not checked against it`
    ),
  ];
  return {
    warnings,
    findings: kept,
    summary: {
      operations: doc.operations.length,
      specs: specs.length,
      matched: matchedOperations,
      findings: kept.length,
    },
  };
}
