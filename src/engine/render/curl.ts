/**
 * A request as a cURL command line for a POSIX shell: every word in single
 * quotes (a quote inside as `'\''`), `-X` unless curl would pick the method
 * itself, one `-H` per header, the body as `--data-raw` (never read as
 * `@file`). `apispec import curl` reads it back as the same request.
 */

export interface CurlInput {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
}

/** One word for sh, bash and zsh: nothing inside single quotes is special. */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * @example
 * ```ts
 * import { renderCurl } from "./curl.ts";
 * renderCurl({ method: "POST", url: "http://a/users", headers: [["Content-Type", "application/json"]], body: '{"n":1}' });
 * // "curl -X POST 'http://a/users' \\\n  -H 'Content-Type: application/json' \\\n  --data-raw '{\"n\":1}'"
 * ```
 */
export function renderCurl(request: CurlInput): string {
  const method = request.method.toUpperCase();
  const hasBody = request.body !== undefined && request.body !== "";
  // GET without a body and POST with one are what curl does by itself.
  const implied = (method === "GET" && !hasBody) || (method === "POST" && hasBody);
  const lines = [`curl ${implied ? "" : `-X ${method} `}${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (hasBody) lines.push(`--data-raw ${shellQuote(request.body!)}`);
  return lines.join(" \\\n  ");
}
