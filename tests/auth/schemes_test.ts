/**
 * API keys (header, query, cookie), HTTP Digest (RFC 7616, MD5 and
 * SHA-256) and AWS SigV4 through the real CLI and MCP server, against a
 * loopback API that checks each the way a real server does: the digest
 * answer and the SigV4 signature are recomputed with node:crypto. The
 * credentials never reach an output, a history file or the project.
 */
import { assertEquals } from "@std/assert";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { apispec, json } from "../helpers/cli.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile, type FlowJson, outcomes } from "../flow/helpers.ts";
import { startMcp } from "../helpers/mcp.ts";

const API_KEY = "key-9d8c7b6a5f4e3d2c";
const USER = "ada";
const PASSWORD = "pw-Zx81-lovelace";
const AWS_ID = "AKIDTESTAPISPEC01";
const AWS_SECRET = "aws-secret-0f1e2d3c4b5a69788";
const SECRETS = [API_KEY, PASSWORD, AWS_SECRET];

const md5 = (t: string) => createHash("md5").update(t).digest("hex");
const sha256 = (t: string) => createHash("sha256").update(t).digest("hex");

/** The server's side of digest: a challenge per algorithm, and the RFC 7616 check. */
function digestOk(request: Request, path: string, algorithm: "MD5" | "SHA-256"): boolean {
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

/** The server's side of SigV4 for these simple requests: canonical request, string to sign, HMAC chain. */
function sigv4Ok(request: Request, body: string): boolean {
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
    request.headers.get("x-amz-security-token") === "session-tok-1234";
}

function schemesApi() {
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
        if (digestOk(request, url.pathname, algorithm)) return ok();
        const nonce = randomBytes(12).toString("hex");
        return new Response("", {
          status: 401,
          headers: {
            "www-authenticate":
              `Digest realm="apispec-test", qop="auth", algorithm=${algorithm}, nonce="${nonce}", opaque="op1"`,
          },
        });
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

const ok = 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"ok": true}';
const ENDPOINTS = {
  "apis/keys/get-header.md": endpoint({
    path: "/header",
    resource: "keys",
    frontmatter: "auth: apikey\napiKey:\n  in: header\n  name: X-API-Key\n",
    expected: ok,
  }),
  "apis/keys/get-query.md": endpoint({
    path: "/query",
    resource: "keys",
    frontmatter: "auth: apikey\napiKey: {in: query, name: api_key}\n",
    expected: ok,
  }),
  "apis/keys/get-cookie.md": endpoint({
    path: "/cookie",
    resource: "keys",
    frontmatter: "auth: apikey\napiKey: {in: cookie, name: key}\n",
    expected: ok,
  }),
  "apis/digest/get-md5.md": endpoint({
    path: "/digest/md5",
    resource: "digest",
    frontmatter: "auth: digest\n",
    expected: ok,
  }),
  "apis/digest/get-sha256.md": endpoint({
    path: "/digest/sha256",
    resource: "digest",
    frontmatter: "auth: digest\n",
    expected: ok,
  }),
  "apis/aws/post-aws.md": endpoint({
    method: "POST",
    path: "/aws",
    resource: "aws",
    frontmatter: "auth: aws-sigv4\naws: {region: eu-west-1, service: execute-api}\n",
    request: 'POST {{baseUrl}}/aws?b=2&a=1\nContent-Type: application/json\n\n{"name": "Ada"}',
    expected: ok,
  }),
};
const FILES = Object.keys(ENDPOINTS).map((f) => `api-docs/${f}`);

// Credentials as a team keeps them: .env.local for the API key and the digest user, AWS_* for AWS.
async function project(url: string) {
  return await workspace(collectionFiles(url, {
    ...ENDPOINTS,
    ".env.local": `apiKey=${API_KEY}\nusername=${USER}\npassword=${PASSWORD}\n`,
    "flows/all.md": flowFile(FILES.map((file, i) => ({
      name: `Step ${i + 1}`,
      endpoint: file.replace("api-docs/", ""),
    }))),
  }));
}
const AWS_ENV = {
  AWS_ACCESS_KEY_ID: AWS_ID,
  AWS_SECRET_ACCESS_KEY: AWS_SECRET,
  AWS_SESSION_TOKEN: "session-tok-1234",
};

async function noSecretsIn(texts: string[], dir: string) {
  const files: string[] = [];
  const walk = async (folder: string) => {
    for await (const entry of Deno.readDir(folder)) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (entry.name !== ".env.local") files.push(await Deno.readTextFile(path));
    }
  };
  await walk(dir);
  for (const text of [...texts, ...files]) {
    for (const secret of SECRETS) assertEquals(text.includes(secret), false, `${secret} leaked`);
  }
}

Deno.test("exec runs API-key, digest and SigV4 endpoints; nothing secret is printed or written", async () => {
  await using api = schemesApi();
  await using ws = await project(api.url);
  const outputs: string[] = [];
  for (const file of FILES) {
    const result = await apispec(["exec", file, "--output=json", "-v"], {
      cwd: ws.dir,
      env: AWS_ENV,
    });
    outputs.push(result.stdout, result.stderr);
    assertEquals(result.code, 0, `${file}: ${result.stdout}${result.stderr}`);
  }
  // Each digest endpoint: a challenge, then the answer.
  assertEquals(api.seen.filter((s) => s.includes("/digest/")).length, 4);
  await noSecretsIn(outputs, ws.dir);
});

Deno.test("a wrong digest password or AWS secret is AUTH_FAILED (exit 1), still masked", async () => {
  await using api = schemesApi();
  await using ws = await project(api.url);
  const digest = await apispec(
    ["exec", "api-docs/apis/digest/get-sha256.md", "--output=json", "--var", "password=wrong-pass"],
    { cwd: ws.dir },
  );
  assertEquals(digest.code, 1, digest.stdout);
  assertEquals(json<{ error_type: string }>(digest).error_type, "AUTH_FAILED");
  const aws = await apispec(["exec", "api-docs/apis/aws/post-aws.md", "--output=json"], {
    cwd: ws.dir,
    env: { ...AWS_ENV, AWS_SECRET_ACCESS_KEY: "not-the-secret-1234" },
  });
  assertEquals(aws.code, 1, aws.stdout);
  assertEquals(json<{ error_type: string }>(aws).error_type, "AUTH_FAILED");
  // A missing credential stops the run before anything is sent.
  const missing = await apispec(["exec", "api-docs/apis/aws/post-aws.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(missing.code, 2, missing.stdout);
  assertEquals(json<{ error_type: string }>(missing).error_type, "VAR_MISSING");
});

Deno.test("flow, check, request and the MCP tools run the same endpoints", async () => {
  await using api = schemesApi();
  await using ws = await project(api.url);
  const flow = await apispec(["flow", "api-docs/flows/all.md", "--output=json"], {
    cwd: ws.dir,
    env: AWS_ENV,
  });
  assertEquals(flow.code, 0, flow.stdout + flow.stderr);
  assertEquals(outcomes(json<FlowJson>(flow).steps).every((o) => o.endsWith("passed")), true);
  const check = await apispec(["check", "api-docs/apis"], { cwd: ws.dir, env: AWS_ENV });
  assertEquals(check.code, 0, check.stdout + check.stderr);

  // request uses the project's default auth kind.
  await ws.write(
    "api-docs/project.md",
    "---\nname: test\nversion: 1\nauth: apikey\napiKey: {in: query, name: api_key}\n---\n",
  );
  const request = await apispec(["request", "GET", "/query", "--output=json"], { cwd: ws.dir });
  assertEquals(request.code, 0, request.stdout + request.stderr);
  assertEquals(json<{ response: { status: number } }>(request).response.status, 200);

  await using mcp = await startMcp({ cwd: ws.dir, env: AWS_ENV });
  const outputs = [flow.stdout, check.stdout, check.stderr, request.stdout];
  for (const spec of FILES) {
    const record = await mcp.call<{ passed: boolean }>("apispec_exec", { spec_path: spec });
    assertEquals(record.passed, true, `${spec}: ${JSON.stringify(record)}`);
    outputs.push(JSON.stringify(record));
  }
  await noSecretsIn(outputs, ws.dir);
});
