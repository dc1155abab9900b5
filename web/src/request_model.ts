/**
 * The request builder's model, pure: the query table and the URL kept in
 * step, the auth tab and the body types turned into the headers, query and
 * body that are sent. `{{variables}}` pass through untouched everywhere: the
 * server resolves them.
 */

export type Pair = [string, string];

export type Auth =
  | { type: "none" }
  | { type: "bearer"; token: string }
  | { type: "basic"; username: string; password: string }
  | { type: "apikey"; name: string; value: string; in: "header" | "query" };

export type BodyType = "none" | "json" | "form" | "text";

export interface Draft {
  method: string;
  url: string;
  headers: Pair[];
  auth: Auth;
  bodyType: BodyType;
  /** The JSON or text body. */
  body: string;
  /** The form body's fields. */
  form: Pair[];
}

/** The URL without its query, and the query's pairs as written (not decoded). */
export function splitQuery(url: string): { base: string; params: Pair[] } {
  const at = url.indexOf("?");
  if (at < 0) return { base: url, params: [] };
  const params = url.slice(at + 1).split("&").filter((p) => p !== "").map((part): Pair => {
    const eq = part.indexOf("=");
    return eq < 0 ? [part, ""] : [part.slice(0, eq), part.slice(eq + 1)];
  });
  return { base: url.slice(0, at), params };
}

export function joinQuery(base: string, params: Pair[]): string {
  const kept = params.filter(([name]) => name !== "");
  if (kept.length === 0) return base;
  return `${base}?${kept.map(([n, v]) => (v === "" ? n : `${n}=${v}`)).join("&")}`;
}

/** Form encoding that leaves `{{placeholders}}` readable for the server to fill. */
export function formEncode(pairs: Pair[]): string {
  const encode = (text: string) =>
    text.split(/(\{\{[^}]*\}\})/).map((part, i) => (i % 2 ? part : encodeURIComponent(part)))
      .join("");
  return pairs.filter(([n]) => n !== "").map(([n, v]) => `${encode(n)}=${encode(v)}`).join("&");
}

const CONTENT_TYPES: Record<BodyType, string | undefined> = {
  none: undefined,
  json: "application/json",
  form: "application/x-www-form-urlencoded",
  text: "text/plain",
};

const has = (headers: Pair[], name: string) =>
  headers.some(([n]) => n.trim().toLowerCase() === name);

/** Base64 of `user:password` when both are literal; templates cannot be encoded here. */
export function basicValue(username: string, password: string): string | undefined {
  if (`${username}${password}`.includes("{{")) return undefined;
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/** What is sent: method, URL (an API key in the query added), headers (auth, type), body. */
export function effectiveRequest(draft: Draft): {
  method: string;
  url: string;
  headers: Pair[];
  body?: string;
} {
  const headers = draft.headers.filter(([n]) => n.trim() !== "");
  let url = draft.url;
  const auth = draft.auth;
  if (auth.type === "bearer" && auth.token && !has(headers, "authorization")) {
    headers.push(["Authorization", `Bearer ${auth.token}`]);
  } else if (auth.type === "basic" && !has(headers, "authorization")) {
    const value = basicValue(auth.username, auth.password);
    if (value) headers.push(["Authorization", value]);
  } else if (auth.type === "apikey" && auth.name) {
    if (auth.in === "header") headers.push([auth.name, auth.value]);
    else {
      const { base, params } = splitQuery(url);
      url = joinQuery(base, [...params, [auth.name, auth.value]]);
    }
  }
  const canHaveBody = draft.method !== "GET" && draft.method !== "HEAD";
  if (!canHaveBody || draft.bodyType === "none") return { method: draft.method, url, headers };
  const body = draft.bodyType === "form" ? formEncode(draft.form) : draft.body;
  const type = CONTENT_TYPES[draft.bodyType];
  if (type && !has(headers, "content-type")) headers.push(["Content-Type", type]);
  return { method: draft.method, url, headers, ...(body !== "" ? { body } : {}) };
}

/** Whether a JSON body parses, once its unquoted `{{placeholders}}` stand for values. */
export function jsonProblem(body: string): string | undefined {
  if (body.trim() === "") return undefined;
  try {
    JSON.parse(body.replace(/\{\{[^}]*\}\}/g, "0"));
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
