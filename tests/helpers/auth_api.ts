/**
 * The server's side of the auth schemes, as the auth tests and docs/auth.md's
 * examples meet them on loopback: API keys, HTTP Digest (RFC 7616, the answer
 * recomputed with node:crypto), AWS SigV4 (the signature recomputed) and a
 * cookie session; `schemesApi()` and `cookieApi()` serve them.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";

export const API_KEY = "key-9d8c7b6a5f4e3d2c";
export const USER = "ada";
export const PASSWORD = "pw-Zx81-lovelace";
export const AWS_ID = "AKIDTESTAPISPEC01";
export const AWS_SECRET = "aws-secret-0f1e2d3c4b5a69788";
export const AWS_SESSION_TOKEN = "session-tok-1234";
export const SECRETS = [API_KEY, PASSWORD, AWS_SECRET];

const md5 = (t: string) => createHash("md5").update(t).digest("hex");
const sha256 = (t: string) => createHash("sha256").update(t).digest("hex");

/** The server's side of digest: a challenge per algorithm, and the RFC 7616 check. */
export function digestOk(request: Request, path: string, algorithm: "MD5" | "SHA-256"): boolean {
  const header = request.headers.get("authorization") ?? "";
  if (!header.startsWith("Digest ")) return false;
  const p: Record<string, string> = {};
  for (const m of header.slice(7).matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]+))/g)) {
    p[m[1]] = m[2] ?? m[3];
  }
  const h = algorithm === "MD5" ? md5 : sha256;
  if (p.algorithm !== algorithm || p.uri !== path || p.qop !== "auth") return false;
  const ha1 = h(`${p.username}:${p.realm}:${PASSWORD}`);
  const ha2 = h(`${request.method}:${p.uri}`);
  return p.username === USER &&
    p.response === h(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:auth:${ha2}`);
}

/** The 401 that asks for digest credentials, with a fresh nonce. */
export function digestChallenge(algorithm: "MD5" | "SHA-256"): Response {
  const nonce = randomBytes(12).toString("hex");
  return new Response("", {
    status: 401,
    headers: {
      "www-authenticate":
        `Digest realm="apispec-test", qop="auth", algorithm=${algorithm}, nonce="${nonce}", opaque="op1"`,
    },
  });
}

/** The server's side of SigV4 for these simple requests: canonical request, string to sign, HMAC chain. */
export function sigv4Ok(request: Request, body: string): boolean {
  const auth = request.headers.get("authorization") ?? "";
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/
      .exec(auth);
  if (!m || m[1] !== AWS_ID) return false;
  const [, , day, region, service, signed, signature] = m;
  const url = new URL(request.url);
  const query = [...url.searchParams].map(([k, v]) =>
    `${encodeURIComponent(k)}=${encodeURIComponent(v)}`
  ).sort().join("&");
  const headers = signed.split(";").map((n) =>
    `${n}:${(request.headers.get(n) ?? "").trim().replace(/\s+/g, " ")}\n`
  ).join("");
  const canonical = [request.method, url.pathname, query, headers, signed, sha256(body)].join("\n");
  const date = request.headers.get("x-amz-date") ?? "";
  const toSign = [
    "AWS4-HMAC-SHA256",
    date,
    `${day}/${region}/${service}/aws4_request`,
    sha256(canonical),
  ]
    .join("\n");
  let key: Uint8Array = new TextEncoder().encode(`AWS4${AWS_SECRET}`);
  for (const part of [day, region, service, "aws4_request"]) {
    key = createHmac("sha256", key).update(part).digest();
  }
  return createHmac("sha256", key).update(toSign).digest("hex") === signature &&
    request.headers.get("x-amz-security-token") === AWS_SESSION_TOKEN;
}

/** API keys at /header, /query, /cookie; digest at /digest/md5 and /digest/sha256; SigV4 at /aws. */
export function schemesApi() {
  const seen: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const url = new URL(request.url);
    const body = await request.text();
    seen.push(`${request.method} ${url.pathname}`);
    const ok = () => Response.json({ ok: true });
    const denied = () => Response.json({ error: "unauthorized" }, { status: 401 });
    switch (url.pathname) {
      case "/header":
        return request.headers.get("x-api-key") === API_KEY ? ok() : denied();
      case "/query":
        return url.searchParams.get("api_key") === API_KEY ? ok() : denied();
      case "/cookie":
        return request.headers.get("cookie")?.includes(`key=${API_KEY}`) ? ok() : denied();
      case "/digest/md5":
      case "/digest/sha256": {
        const algorithm = url.pathname.endsWith("md5") ? "MD5" : "SHA-256";
        return digestOk(request, url.pathname, algorithm) ? ok() : digestChallenge(algorithm);
      }
      case "/aws":
        return sigv4Ok(request, body) ? ok() : Response.json({ message: "bad signature" }, {
          status: 403,
        });
    }
    return new Response("not found", { status: 404 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    seen,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

export const SESSION = "sess-4f9a1c2e7b3d";

/** The session API: `sessionHandler` on loopback, recording the cookie each request carried. */
export function cookieApi() {
  const seen: { path: string; cookie: string | null }[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    const url = new URL(request.url);
    seen.push({ path: url.pathname, cookie: request.headers.get("cookie") });
    return sessionHandler(request) ?? new Response("not found", { status: 404 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    seen,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

/** `POST /login` sets the `sid` session cookie (and a `theme` one); `GET /me` needs the session. */
export function sessionHandler(request: Request): Response | undefined {
  const url = new URL(request.url);
  if (url.pathname === "/login") {
    const headers = new Headers({ "content-type": "application/json" });
    headers.append("set-cookie", `sid=${SESSION}; Path=/; HttpOnly; SameSite=Lax`);
    headers.append("set-cookie", "theme=dark; Path=/other");
    return new Response('{"ok":true}', { headers });
  }
  if (url.pathname === "/me") {
    return request.headers.get("cookie")?.includes(`sid=${SESSION}`)
      ? Response.json({ name: "Ada" })
      : Response.json({ error: "no session" }, { status: 401 });
  }
  return undefined;
}
