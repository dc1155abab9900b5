/**
 * The response a mock serves for an endpoint: its `## Expected response`, or
 * the `## Error responses` block whose status `Prefer: code=<status>` asks
 * for. `{{param}}` in headers and body takes the matched `:param` values (and
 * any other values given); other placeholders are left as written. Pure: the
 * mock server and the preview server's `--mock` Send both use it.
 */
import type { EndpointSpec, HttpResponse, ResponseBlock } from "../engine/model.ts";
import { substitute } from "../engine/resolve/template.ts";
import { fillJsonTemplate, isJsonBlock } from "../engine/resolve/json_template.ts";
import { reasonPhrase } from "../engine/render/exec.ts";

/** `Prefer: code=404` → 404 (RFC 7240 style preference used by Prism and others). */
export function preferredStatus(prefer: string | null | undefined): number | undefined {
  const match = /(?:^|[,;\s])code=(\d{3})\b/.exec(prefer ?? "");
  return match ? Number(match[1]) : undefined;
}

/** Picks the block to serve; undefined when `preferStatus` names no documented response. */
export function pickResponseBlock(
  spec: EndpointSpec,
  preferStatus?: number,
): ResponseBlock | undefined {
  if (preferStatus === undefined || preferStatus === spec.expected.status) return spec.expected;
  return spec.errorResponses.find((block) => block.status === preferStatus);
}

/**
 * @example
 * ```ts
 * import { responseFromSpec } from "./response.ts";
 * // given a parsed spec whose expected body is {"id": "{{userId}}"}:
 * // responseFromSpec(spec, { userId: "42" }).body === '{"id": "42"}'
 * ```
 */
export function responseFromSpec(
  spec: EndpointSpec,
  values: Record<string, string>,
  preferStatus?: number,
): HttpResponse | undefined {
  const block = pickResponseBlock(spec, preferStatus);
  if (!block) return undefined;
  return {
    status: block.status,
    reason: reasonPhrase(block.status, block.reason),
    headers: block.headers.map((h) => [h.name, fillTemplate(h.value, values)] as [string, string]),
    body: fillBody(block.body, values, isJsonBody(block)),
  };
}

/** `{{name}}` → `values[name]`; names without a value stay as written. */
export function fillTemplate(text: string, values: Record<string, string>): string {
  return substitute(text, (name) => values[name]).text;
}

/** Whether placeholders in the block's body are filled JSON-aware (see `isJsonBlock`). */
export function isJsonBody(block: Pick<ResponseBlock, "headers" | "body">): boolean {
  return isJsonBlock(block);
}

/** Fills a body's placeholders, JSON-aware when `json` says the body is JSON. */
export function fillBody(body: string, values: Record<string, string>, json: boolean): string {
  return json ? fillJsonTemplate(body, (name) => values[name]) : fillTemplate(body, values);
}
