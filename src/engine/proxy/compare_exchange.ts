/**
 * Compares one exchange the proxy forwarded with the endpoint file that
 * documents its method and path template, as `exec` compares: status, headers,
 * and the body in the file's `shape`, `strict` or `schema` mode. A status
 * that one of the file's `## Error responses` documents is compared with that
 * block instead (in `shape` mode): live traffic meets documented errors.
 */
import { statusMatches } from "../compare/status.ts";
import { compareResponse } from "../compare/compare.ts";
import { classify } from "../diagnose/classify.ts";
import type { Diff, ErrorType, HttpResponse, ResponseBlock } from "../model.ts";
import { fillJsonTemplate, isJsonBlock } from "../resolve/json_template.ts";
import { substitute } from "../resolve/template.ts";
import type { EndpointRoute } from "../routes/route_table.ts";

export interface ObservedExchange {
  method: string;
  /** The URL the client asked for, for hints. */
  url: string;
  /** The response as forwarded; `body` decoded as text. */
  response: HttpResponse;
  /** False when the body was larger than the proxy keeps: it is then not compared. */
  bodyComplete: boolean;
}

export interface ExchangeVerdict {
  passed: boolean;
  error_type: ErrorType | null;
  diff: Diff;
  /** Which block the response was compared with. */
  compared: "expected" | "error response";
  hint: string;
}

export interface ExchangeCompareOptions {
  /** The schema validator, needed only for `match: schema` files (ajv loads lazily). */
  validateSchema?: (schema: unknown, value: unknown) => string[];
  /** The exchange's credential values, masked in differences before they are cut. */
  secrets?: readonly string[];
}

/**
 * @example
 * ```ts
 * import { compareExchange } from "./compare_exchange.ts";
 * // route: GET /users/:id documenting 200 {"id": {{id}}}; the API answered 200 {"id": "7"}
 * // compareExchange(route, { id: "7" }, observed).diff.body → 'body.id: expected number, got string'
 * ```
 */
export function compareExchange(
  route: EndpointRoute,
  params: Readonly<Record<string, string>>,
  observed: ObservedExchange,
  options: ExchangeCompareOptions = {},
): ExchangeVerdict {
  const { spec } = route;
  const status = observed.response.status;
  const errorBlock = statusMatches(spec.expected, status)
    ? undefined
    : spec.errorResponses.find((block) => statusMatches(block, status));
  const values: Record<string, string> = { ...spec.vars, ...params };
  const block = fill(errorBlock ?? spec.expected, values);
  // HEAD carries no body, and a body cut short cannot be compared: then only status and headers.
  const skipBody = observed.method === "HEAD" || !observed.bodyComplete;
  if (skipBody) block.body = "";
  const match = errorBlock || (skipBody && spec.match === "schema") ? "shape" : spec.match;
  const diff = compareResponse(block, observed.response, {
    match,
    ignore: spec.ignore,
    schema: spec.schema?.value,
    validateSchema: options.validateSchema,
    secrets: options.secrets,
  });
  const verdict = classify({
    spec,
    env: "proxy",
    url: observed.url,
    timeoutMs: 0,
    response: observed.response,
    diff,
    assertions: [],
    strictAssertions: false,
  });
  return {
    passed: verdict.passed,
    error_type: verdict.error_type,
    diff,
    compared: errorBlock ? "error response" : "expected",
    hint: verdict.hint,
  };
}

/** The block with `{{name}}` filled from the file's vars and the path's parameters. */
function fill(block: ResponseBlock, values: Record<string, string>): ResponseBlock {
  const lookup = (name: string) => values[name];
  return {
    ...block,
    headers: block.headers.map((h) => ({ ...h, value: substitute(h.value, lookup).text })),
    body: isJsonBlock(block)
      ? fillJsonTemplate(block.body, lookup)
      : substitute(block.body, lookup).text,
  };
}
