/**
 * Compares an actual response with the expected-response block in the
 * endpoint's match mode and returns the `diff` record of SPEC.md.
 */
import { statusMatches, statusText } from "./status.ts";
import type { Diff, HttpResponse, MatchMode, ResponseBlock } from "../model.ts";
import { compareShape, compareStrict, compareText, ignoreMatcher, summarise } from "./body.ts";
import { compareHeaders } from "./headers.ts";
import { expectedJson, MAX_JSON_DEPTH, preview, responseJson } from "./json_path.ts";
import { compareBytes, describeBinary } from "../files/compare_bytes.ts";

export interface CompareOptions {
  match: MatchMode;
  ignore: string[];
  schema?: unknown;
  /** The schema validator (`schema.ts`), passed in because ajv is loaded only when needed. */
  validateSchema?: (schema: unknown, value: unknown) => string[];
  /** The run's known secrets: values in differences are masked with them before they are cut. */
  secrets?: readonly string[];
  /** An expected body file (`< ./files/expected.png`): its bytes and the answer's, compared byte for byte. */
  bytes?: { file: string; expected: Uint8Array; actual: Uint8Array };
}

/**
 * @example
 * ```ts
 * import { compareResponse } from "./compare.ts";
 * const expected = { status: 200, reason: "OK", headers: [], body: '{"id": 1}', line: 1 };
 * const actual = { status: 404, reason: "Not Found", headers: [], body: "{}" };
 * compareResponse(expected, actual, { match: "shape", ignore: [] }).status; // "expected 200, got 404"
 * ```
 */
export function compareResponse(
  expected: ResponseBlock,
  actual: HttpResponse,
  options: CompareOptions,
): Diff {
  const ignored = ignoreMatcher(options.ignore);
  const status = statusMatches(expected, actual.status)
    ? null
    : `expected ${statusText(expected)}, got ${actual.status}`;
  const headers = compareHeaders(expected.headers, actual.headers, options.match, ignored);
  const body = summarise(compareBodies(expected.body, actual, options, ignored));
  return {
    passed: status === null && headers.length === 0 && body === null,
    status,
    headers,
    body,
  };
}

function compareBodies(
  expected: string,
  response: HttpResponse,
  options: CompareOptions,
  ignored: (path: string) => boolean,
): string[] {
  if (options.bytes) {
    return compareBytes(options.bytes.expected, options.bytes.actual, options.bytes.file);
  }
  const actual = response.body;
  const secrets = options.secrets ?? [];
  const tooDeep = (side: string) =>
    `body: ${side} JSON nests deeper than ${MAX_JSON_DEPTH} levels; apispec compares JSON up to ${MAX_JSON_DEPTH} levels`;
  if (options.match === "schema") {
    const json = responseJson(response);
    if (!json.ok && json.tooDeep) return [tooDeep("the actual")];
    if (!json.ok) {
      return [
        "body: expected JSON to validate against ## Schema, got " +
        (response.binary ? describeBinary(response.binary) : describeText(actual, secrets)),
      ];
    }
    if (!options.validateSchema) {
      throw new Error("compareResponse needs validateSchema in schema mode");
    }
    return options.validateSchema(options.schema ?? true, json.value);
  }
  // An expected block without a body documents no body contract.
  if (expected.trim() === "") return [];
  if (response.binary) {
    return [
      `body: expected ${describeText(expected, secrets)}, got ${describeBinary(response.binary)}`,
    ];
  }
  const want = expectedJson(expected);
  const got = responseJson(response);
  if (!want.ok && want.tooDeep) return [tooDeep("the expected")];
  if (!got.ok && got.tooDeep) return [tooDeep("the actual")];
  if (want.ok && got.ok) {
    return options.match === "strict"
      ? compareStrict(want.value, got.value, ignored, "body", secrets)
      : compareShape(want.value, got.value);
  }
  if (want.ok && !got.ok) return ["body: expected JSON, got " + describeText(actual, secrets)];
  return compareText(expected, actual, secrets);
}

function describeText(text: string, secrets: readonly string[]): string {
  if (text.trim() === "") return "an empty body";
  const trimmed = text.trim();
  const end = trimmed.indexOf("\n");
  return preview(end === -1 ? trimmed : trimmed.slice(0, end), 62, secrets);
}
