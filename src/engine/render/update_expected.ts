/**
 * `exec --update`: the `## Expected response` block rewritten from a live
 * response (status line, the headers the block lists, the body), secrets
 * masked; every other line of the file is kept byte for byte.
 */
import type { EndpointSpec, HttpResponse } from "../model.ts";
import { normalizeText, parseMarkdown } from "../parse/markdown.ts";
import { tryJson } from "../compare/json_path.ts";
import { headerValue } from "../compare/headers.ts";
import { MASK, maskHeaders, maskText } from "../secrets/mask.ts";
import { scanSecrets } from "../secrets/scan.ts";
import { redactJson } from "./expected_block.ts";
import { reasonPhrase } from "./exec.ts";

export interface ExpectedUpdate {
  /** The whole file with the new block. */
  text: string;
  /** The block's content lines before and after (without fences), for the diff. */
  before: string[];
  after: string[];
  /** Listed headers the response did not carry: left out of the new block. */
  droppedHeaders: string[];
}

/**
 * String values a secret scan would flag become "****", as do values under
 * secret-named keys: the file must stay committable.
 */
function redactCredentials(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactCredentials);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        typeof v === "string" && scanSecrets(`${JSON.stringify(k)}: ${JSON.stringify(v)}`, "")
              .length > 0
          ? MASK
          : redactCredentials(v),
      ]),
    );
  }
  return value;
}

function bodyText(response: HttpResponse, previous: string, secrets: string[]): string {
  const masked = maskText(response.body, secrets);
  const json = tryJson(masked);
  if (!json.ok) return masked.trimEnd();
  const value = redactCredentials(redactJson(json.value));
  // Keep the file's style: a one-line expected body stays on one line.
  const compact = previous.trim() !== "" && !previous.trim().includes("\n");
  return compact ? JSON.stringify(value) : JSON.stringify(value, null, 2);
}

/**
 * Rewrites the expected-response block of `text` (the file `spec` was parsed
 * from) from `response`. Undefined when the file has no such block.
 *
 * @example
 * ```ts
 * import { updateExpectedText } from "./update_expected.ts";
 * // updateExpectedText(text, spec, response, []).text is the file with the new block
 * ```
 */
export function updateExpectedText(
  text: string,
  spec: EndpointSpec,
  response: HttpResponse,
  secrets: string[],
): ExpectedUpdate | undefined {
  const source = normalizeText(text);
  const doc = parseMarkdown(source);
  const section = doc.sections.find((s) => s.heading.toLowerCase() === "expected response");
  const block = section?.codeBlocks.find((b) => b.lang === "http");
  if (!block) return undefined;
  const lines = source.split("\n");
  const opening = lines[block.line - 1];
  const marker = /^\s*([`~]{3,})/.exec(opening)![1];
  const closes = new RegExp(`^\\s*\\${marker[0]}{${marker.length},}\\s*$`);
  let closingIndex = block.line;
  while (closingIndex < lines.length && !closes.test(lines[closingIndex])) closingIndex++;

  const status = `HTTP/1.1 ${response.status} ${reasonPhrase(response.status, response.reason)}`
    .trim();
  const headers = maskHeaders(response.headers, secrets);
  const after = [status];
  const droppedHeaders: string[] = [];
  for (const header of spec.expected.headers) {
    const actual = headerValue(headers, header.name);
    if (actual === undefined) droppedHeaders.push(header.name);
    // A value written with a placeholder stays as written: it resolves per environment.
    else after.push(`${header.name}: ${header.value.includes("{{") ? header.value : actual}`);
  }
  // A file body, a binary answer and a stream's events keep the body as written.
  const keepBody = spec.expected.bodyFile || response.binary || response.events ||
    response.messages;
  const body = keepBody ? spec.expected.body : bodyText(response, spec.expected.body, secrets);
  if (body !== "") after.push("", ...body.split("\n"));

  const fenceChar = opening.trim()[0] === "~" ? "~" : "`";
  const longest = Math.max(
    0,
    ...after.map((l) => new RegExp(`^\\s*(\\${fenceChar}{3,})`).exec(l)?.[1].length ?? 0),
  );
  const written = /^(\s*)([`~]{3,})(.*)$/.exec(opening)!;
  const fence = written[2].length > longest ? written[2] : fenceChar.repeat(longest + 1);
  const updated = [
    ...lines.slice(0, block.line - 1),
    `${written[1]}${fence}${written[3]}`,
    ...after,
    `${written[1]}${fence}`,
    ...lines.slice(closingIndex + 1),
  ];
  return {
    text: updated.join("\n"),
    before: lines.slice(block.line, closingIndex),
    after,
    droppedHeaders,
  };
}

/**
 * The changed lines between two versions of a block: the common head and tail
 * are kept, the middle shown as removed then added (linear, whatever the size).
 */
export function blockDiff(before: string[], after: string[]): string[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head && tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) tail++;
  return [
    ...before.slice(head, before.length - tail).map((l) => `- ${l}`),
    ...after.slice(head, after.length - tail).map((l) => `+ ${l}`),
  ];
}
