/**
 * Capture expressions of flow steps: `response.status`, `response.headers.<name>`,
 * `response.cookies.<name>` (a `Set-Cookie` of the response),
 * `response.body`, `response.body.<field>[.<nested>]`, `response.body[<n>].<field>`, and of
 * streams `response.events[<n>].data.<path>`, `response.messages[<n>].<path>`.
 * A capture reads one value out of a step's actual response for later steps.
 */
import { headerValue } from "../compare/headers.ts";
import { getPath, parseSegments, preview, responseJson, tryJson } from "../compare/json_path.ts";
import type { HttpResponse } from "../model.ts";
import { selectStream } from "../streams/select.ts";
import { findCookie } from "../auth/set_cookie.ts";

export type CaptureValue =
  /** `value` is what variables hold (strings as they are, other JSON as text); `json` the value itself. */
  | { found: true; value: string; json: unknown }
  | { found: false; reason: string };

/**
 * Evaluates a capture expression against a response. Strings are captured as
 * they are, other JSON values as their JSON text; `null` and absent values
 * select nothing.
 *
 * @example
 * ```ts
 * import { evaluateCapture } from "./capture.ts";
 * const response = { status: 201, reason: "Created", headers: [], body: '{"items":[{"id":7}]}' };
 * evaluateCapture("response.body.items[0].id", response); // { found: true, value: "7" }
 * ```
 */
export function evaluateCapture(
  expression: string,
  response: HttpResponse,
  /** The run's known secrets, masked in a failure's preview of the body before it is cut. */
  secrets: readonly string[] = [],
): CaptureValue {
  const path = expression.replace(/^response\./, "");
  if (path === "status") {
    return { found: true, value: String(response.status), json: response.status };
  }
  if (path.startsWith("headers.")) {
    const name = path.slice("headers.".length);
    const value = headerValue(response.headers, name);
    return value === undefined
      ? { found: false, reason: `the response has no "${name}" header` }
      : { found: true, value, json: value };
  }
  if (path.startsWith("cookies.")) {
    const name = path.slice("cookies.".length);
    const cookie = findCookie(response, name);
    return cookie === undefined
      ? { found: false, reason: `the response sets no "${name}" cookie` }
      : { found: true, value: cookie.value, json: cookie.value };
  }
  const stream = path.startsWith("body") ? undefined : selectStream(path, response);
  if (stream) {
    if (!stream.found) return { found: false, reason: stream.reason ?? `${path} is missing` };
    if (stream.value === null) return { found: false, reason: `${path} is null` };
    const value = stream.value;
    return {
      found: true,
      value: typeof value === "string" ? value : JSON.stringify(value),
      json: value,
    };
  }
  if (path === "body") {
    return response.body === ""
      ? { found: false, reason: "the response body is empty" }
      : { found: true, value: response.body, json: bodyJson(response.body) };
  }
  // The comparison has parsed this response already.
  const json = responseJson(response);
  if (!json.ok) {
    return {
      found: false,
      reason: response.body.trim() === ""
        ? "the response body is empty"
        : "the response body is not JSON",
    };
  }
  const selected = getPath(json.value, parseSegments(path.slice("body".length)));
  if (!selected.found) {
    return { found: false, reason: `${path} is missing in ${preview(json.value, 80, secrets)}` };
  }
  if (selected.value === null) return { found: false, reason: `${path} is null` };
  const value = selected.value;
  return {
    found: true,
    value: typeof value === "string" ? value : JSON.stringify(value),
    json: value,
  };
}

function bodyJson(body: string): unknown {
  const json = tryJson(body);
  return json.ok ? json.value : body;
}

/** The placeholder a capture stands for in a dry run. */
export function dryRunCapture(variable: string): string {
  return `__capture_${variable}__`;
}
