/**
 * A draft endpoint file from one live exchange (what `apispec proxy --record`
 * saw). Credentials never reach the draft: request headers, query values and
 * body fields pass through the importers' rules (`credentials.ts`: a bearer
 * token becomes `auth: bearer`, an API key `{{xApiKey}}`), secret-named
 * response fields are masked as `request --save` masks them, and the rendered
 * file gets the importers' final scan. Live traffic carries real credentials
 * that need not look random (`password: hunter2`), so here a secret *name* is
 * enough: its value becomes a variable whatever it looks like.
 */
import type { HttpMethod, HttpResponse } from "../engine/model.ts";
import { headerValue } from "../engine/compare/headers.ts";
import { tryJson } from "../engine/compare/json_path.ts";
import { redactJson } from "../engine/render/expected_block.ts";
import { type EndpointDraft, renderSpec, specFileName } from "../engine/render/spec_md.ts";
import type { AuthKind } from "../engine/model.ts";
import {
  camelFromHeader,
  isPlaceholder,
  safeBody,
  safeHeader,
  safeValue,
  scrubRendered,
} from "./credentials.ts";
import { queryString, resourceFor, type SecretFinding } from "./endpoint.ts";

export interface LiveExchange {
  method: HttpMethod;
  /** The route template, e.g. `/users/:id`. */
  template: string;
  /** The values its parameters had in the path seen; they become the draft's `vars:`. */
  params: Record<string, string>;
  /** The query as sent, without `?`. */
  query: string;
  requestHeaders: [string, string][];
  requestBody: string;
  response: HttpResponse;
}

export interface ExchangeDraft {
  draft: EndpointDraft;
  /** `apis/<resource>/<method>-<slug>.md` */
  file: string;
  /** Credentials replaced by variables, for the report. */
  secrets: SecretFinding[];
}

/** Request headers worth documenting; the rest (User-Agent, Host, caching, framing) are the client's. */
const KEPT_REQUEST_HEADER = /^(content-type|accept|authorization|cookie|x-(?!forwarded-).*)$/i;
/** Names whose values are credentials whatever they look like (`author` is not `auth`). */
const CREDENTIAL_NAME =
  /password|passwd|secret|token|api[-_]?key|apikey|access[-_]?key|private[-_]?key|credential|signature|session|cookie|^(proxy-)?authorization$|^auth$|^x-auth/i;
/** Bodies kept as text in a draft, at most this long; longer or binary ones are left out. */
const MAX_TEXT_BODY = 16 * 1024;
/**
 * JSON bodies kept in a saved file's expected response, at most this long (256 KiB): a 5 MB
 * answer is a download or an unpaged list, not a contract to commit.
 */
export const MAX_SAVED_BODY = 256 * 1024;

/**
 * @example
 * ```ts
 * import { draftFromExchange } from "./from_exchange.ts";
 * // GET /users/42 with `Authorization: Bearer <token>`, answered 200 {"id": 42}:
 * // draftFromExchange({ method: "GET", template: "/users/:id", params: { id: "42" }, ... })
 * //   → file "apis/users/get-users-id.md", draft.auth "bearer", draft.vars { id: 42 }
 * ```
 */
export function draftFromExchange(exchange: LiveExchange, source: string): ExchangeDraft {
  const { method, template } = exchange;
  const where = `${method} ${template}`;
  const secrets: SecretFinding[] = [];
  let auth: AuthKind | undefined;
  const headers: [string, string][] = [];
  for (const [name, value] of exchange.requestHeaders) {
    if (!KEPT_REQUEST_HEADER.test(name)) continue;
    // Authorization and Cookie are credentials whatever they hold; safeHeader knows them.
    const byName = CREDENTIAL_NAME.test(name) && !/^(authorization|cookie)$/i.test(name) &&
      !isPlaceholder(value);
    const outcome = byName
      ? {
        header: [canonical(name), variable(name, `${where} header`, secrets)] as [string, string],
      }
      : safeHeader(canonical(name), value, where, secrets);
    if (outcome.auth) auth = outcome.auth;
    if (outcome.header) headers.push(outcome.header);
  }
  const query = new URLSearchParams(exchange.query);
  const pairs: [string, string][] = [...query].map(([k, v]) =>
    CREDENTIAL_NAME.test(k) && !isPlaceholder(v)
      ? [k, variable(k, `${where} query`, secrets)]
      : [k, safeValue(k, v, `${where} query`, secrets)]
  );
  const requestBody = textBody(exchange.requestBody, headerOf(exchange.requestHeaders));
  const title = `${method} ${template}`;
  const draft: EndpointDraft = {
    title,
    description: `Recorded by ${source} from a live exchange. Review the expected response and ` +
      "keep only the contract you mean before relying on this file.",
    resource: resourceFor(template),
    method,
    path: template,
    auth,
    vars: Object.keys(exchange.params).length > 0
      ? Object.fromEntries(
        Object.entries(exchange.params).map(([k, v]) => [k, /^\d{1,15}$/.test(v) ? Number(v) : v]),
      )
      : undefined,
    request: {
      target: `{{baseUrl}}${template}${queryString(pairs)}`,
      headers,
      body: requestBody === undefined
        ? undefined
        : safeBody(strictBody(requestBody, where, secrets), where, secrets),
    },
    expected: expectedFromResponse(exchange.response),
  };
  return {
    draft,
    file: `apis/${draft.resource}/${specFileName(method, title, template)}`,
    secrets,
  };
}

/** The draft as endpoint-file text, with anything still credential-like replaced by a variable. */
export function renderExchangeDraft(drafted: ExchangeDraft): string {
  return scrubRendered(renderSpec(drafted.draft), drafted.file, drafted.secrets);
}

/**
 * The expected-response part of a draft from a live response: status, its
 * `Content-Type`, and the body (JSON pretty-printed with secret-named fields
 * masked; other text as it came; binary or very long bodies left out).
 */
export function expectedFromResponse(response: HttpResponse): EndpointDraft["expected"] {
  const contentType = headerValue(response.headers, "content-type");
  const json = tooLargeToSave(response) ? { ok: false } as const : tryJson(response.body);
  const body = json.ok
    ? JSON.stringify(redactJson(json.value), null, 2)
    : textBody(response.body, contentType);
  return {
    status: response.status,
    reason: response.reason,
    headers: contentType ? [["Content-Type", contentType]] : [],
    body,
  };
}

/** True when `expectedFromResponse` leaves the response's body out for its size. */
export function tooLargeToSave(response: HttpResponse): boolean {
  return response.body.length > MAX_SAVED_BODY;
}

/** A body worth writing as text: JSON, or short text of a textual type. */
function textBody(body: string, contentType: string | undefined): string | undefined {
  if (body === "" || body.length > MAX_SAVED_BODY) return undefined;
  if (tryJson(body).ok) return body;
  const textual = !contentType || /^text\/|json|xml|x-www-form-urlencoded/i.test(contentType);
  return textual && body.length <= MAX_TEXT_BODY && !body.includes("\u0000") ? body : undefined;
}

function variable(name: string, where: string, secrets: SecretFinding[]): string {
  const camel = camelFromHeader(name);
  secrets.push({ where: `${where} ${name}`, variable: camel });
  return `{{${camel}}}`;
}

/** JSON fields and form fields with credential names become variables, whatever their value. */
function strictBody(body: string, where: string, secrets: SecretFinding[]): string {
  const trimmed = body.trim();
  if (/^[[{]/.test(trimmed)) {
    try {
      return JSON.stringify(strictJson(JSON.parse(trimmed), where, secrets), null, 2);
    } catch { /* not JSON */ }
  }
  if (/^[\w.%-]+=[^\s]*(&[\w.%-]+=[^\s]*)*$/.test(trimmed)) {
    return trimmed.split("&").map((pair) => {
      const [key] = pair.split("=");
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch { /* keep raw */ }
      return CREDENTIAL_NAME.test(name)
        ? `${key}=${variable(name, `${where} form`, secrets)}`
        : pair;
    }).join("&");
  }
  return body;
}

function strictJson(value: unknown, where: string, secrets: SecretFinding[]): unknown {
  if (Array.isArray(value)) return value.map((v) => strictJson(v, where, secrets));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        typeof v === "string" && CREDENTIAL_NAME.test(k) && !isPlaceholder(v)
          ? variable(k, `${where} body`, secrets)
          : strictJson(v, where, secrets),
      ]),
    );
  }
  return value;
}

function headerOf(headers: [string, string][]): string | undefined {
  return headers.find(([name]) => name.toLowerCase() === "content-type")?.[1];
}

/** `x-api-key` → `X-Api-Key`, as endpoint files write header names. */
function canonical(name: string): string {
  return name.toLowerCase().replace(
    /(^|-)([a-z])/g,
    (_, dash: string, c: string) => dash + c.toUpperCase(),
  );
}
