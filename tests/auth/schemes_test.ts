/**
 * API keys (header, query, cookie), HTTP Digest (RFC 7616, MD5 and
 * SHA-256) and AWS SigV4 through the real CLI and MCP server, against a
 * loopback API that checks each the way a real server does: the digest
 * answer and the SigV4 signature are recomputed with node:crypto. The
 * credentials never reach an output, a history file or the project.
 */
import { assertEquals } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile, type FlowJson, outcomes } from "../flow/helpers.ts";
import { startMcp } from "../helpers/mcp.ts";
import {
  API_KEY,
  AWS_ID,
  AWS_SECRET,
  AWS_SESSION_TOKEN,
  PASSWORD,
  schemesApi,
  SECRETS,
  USER,
} from "../helpers/auth_api.ts";

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
  AWS_SESSION_TOKEN,
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
