/**
 * Importers map the auth of Postman, Insomnia and Bruno (OAuth 2.0, digest,
 * API key, AWS) and OpenAPI `securitySchemes` to apispec's settings, with
 * every secret as a variable; the imported files validate; `export openapi`
 * writes the matching `securitySchemes`.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { loadYaml } from "../../src/engine/parse/yaml.ts";
import { apispec, json } from "../helpers/cli.ts";
import { workspace } from "../helpers/workspace.ts";

const SECRET = "cs-8f2a9b7c6d5e4f3a";
const PASSWORD = "pw-q7Lm2Xv9";
const AWS_SECRET = "wJalrXUt-aws-secret-9a8b";
const KEY = "key-1f2e3d4c5b6a7988";

const item = (name: string, path: string, auth: unknown) => ({
  name,
  request: { method: "GET", url: `https://api.example.com${path}`, auth },
});
const POSTMAN = {
  info: {
    name: "Auth",
    schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
  },
  item: [
    item("Machine", "/machine", {
      type: "oauth2",
      oauth2: [
        { key: "grant_type", value: "client_credentials" },
        { key: "accessTokenUrl", value: "https://id.example.com/token" },
        { key: "clientId", value: "machine" },
        { key: "clientSecret", value: SECRET },
        { key: "scope", value: "read write" },
      ],
    }),
    item("Digest", "/digest", {
      type: "digest",
      digest: [{ key: "username", value: "ada" }, { key: "password", value: PASSWORD }],
    }),
    item("Signed", "/signed", {
      type: "awsv4",
      awsv4: [
        { key: "accessKey", value: "AKIAIOSFODNN7EXAMPLE" },
        { key: "secretKey", value: AWS_SECRET },
        { key: "region", value: "eu-west-1" },
        { key: "service", value: "execute-api" },
      ],
    }),
    item("Keyed", "/keyed", {
      type: "apikey",
      apikey: [{ key: "key", value: "X-Api-Key" }, { key: "value", value: KEY }],
    }),
  ],
};

const BRUNO = {
  "bruno.json": '{"version": "1", "name": "auth", "type": "collection"}',
  "code.bru":
    `meta {\n  name: Code\n  type: http\n  seq: 1\n}\n\nget {\n  url: https://api.example.com/bru/code\n  auth: oauth2\n}\n\n` +
    `auth:oauth2 {\n  grant_type: authorization_code\n  authorization_url: https://id.example.com/authorize\n` +
    `  access_token_url: https://id.example.com/token\n  client_id: web\n  client_secret: ${SECRET}\n  scope: openid\n  pkce: true\n}\n`,
  "digest.bru":
    `meta {\n  name: Digest\n  type: http\n  seq: 2\n}\n\nget {\n  url: https://api.example.com/bru/digest\n  auth: digest\n}\n\n` +
    `auth:digest {\n  username: ada\n  password: ${PASSWORD}\n}\n`,
};

const INSOMNIA = {
  _type: "export",
  __export_format: 4,
  resources: [{
    _id: "req_1",
    _type: "request",
    parentId: "wrk_1",
    name: "Password grant",
    method: "GET",
    url: "https://api.example.com/pw",
    authentication: {
      type: "oauth2",
      grantType: "password",
      accessTokenUrl: "https://id.example.com/token",
      clientId: "cli",
      clientSecret: SECRET,
      username: "ada",
      password: PASSWORD,
      credentialsInBody: true,
    },
  }, { _id: "wrk_1", _type: "workspace", name: "Auth" }],
};

const OPENAPI = {
  openapi: "3.1.0",
  info: { title: "Secured", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  components: {
    securitySchemes: {
      machine: {
        type: "oauth2",
        flows: {
          clientCredentials: { tokenUrl: "https://id.example.com/token", scopes: { read: "" } },
        },
      },
      key: { type: "apiKey", in: "query", name: "api_key" },
      digest: { type: "http", scheme: "digest" },
    },
  },
  paths: {
    "/reports": {
      get: { security: [{ machine: ["read"] }], responses: { "200": { description: "ok" } } },
    },
    "/search": {
      get: { security: [{ key: [] }], responses: { "200": { description: "ok" } } },
    },
    "/vault": {
      get: { security: [{ digest: [] }], responses: { "200": { description: "ok" } } },
    },
  },
};

function frontmatter(text: string): Record<string, unknown> {
  return loadYaml(text.split("---")[1], "frontmatter").value as Record<string, unknown>;
}

async function imported(ws: Awaited<ReturnType<typeof workspace>>, args: string[]) {
  const result = await apispec([...args, "--output=json"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stdout + result.stderr);
  const report = json<{ written: string[]; secrets: { variable: string }[] }>(result);
  const files: Record<string, Record<string, unknown>> = {};
  for (const path of report.written.filter((p) => p.includes("/apis/"))) {
    const text = await ws.read(path);
    for (const secret of [SECRET, PASSWORD, AWS_SECRET, KEY]) {
      assertEquals(text.includes(secret), false, `${secret} written into ${path}`);
    }
    files[path.split("/").pop()!] = frontmatter(text);
  }
  return { files, secrets: report.secrets.map((s) => s.variable).sort() };
}

Deno.test("Postman, Insomnia and Bruno auth become oauth2/digest/aws-sigv4/apikey settings", async () => {
  await using ws = await workspace({
    "auth.postman_collection.json": JSON.stringify(POSTMAN),
    "insomnia.json": JSON.stringify(INSOMNIA),
    ...Object.fromEntries(Object.entries(BRUNO).map(([k, v]) => [`bruno/${k}`, v])),
  });
  const postman = await imported(ws, ["import", "postman", "auth.postman_collection.json"]);
  const byAuth = Object.fromEntries(Object.values(postman.files).map((f) => [f.auth, f]));
  assertEquals(byAuth.oauth2.oauth2, {
    grant: "client_credentials",
    tokenUrl: "https://id.example.com/token",
    clientId: "machine",
    clientSecret: "{{clientSecret}}",
    scope: "read write",
  });
  assertEquals(byAuth.digest.vars, { username: "ada" });
  assertEquals(byAuth["aws-sigv4"].aws, { region: "eu-west-1", service: "execute-api" });
  assertEquals(byAuth.apikey.apiKey, { in: "header", name: "X-Api-Key" });
  assertEquals(postman.secrets, [
    "apiKey",
    "awsAccessKeyId",
    "awsSecretAccessKey",
    "clientSecret",
    "password",
  ]);

  const insomnia = await imported(ws, ["import", "insomnia", "insomnia.json"]);
  const [password] = Object.values(insomnia.files);
  assertEquals(password.oauth2, {
    grant: "password",
    tokenUrl: "https://id.example.com/token",
    clientId: "cli",
    clientSecret: "{{clientSecret}}",
    username: "ada",
    password: "{{password}}",
    clientAuth: "body",
  });

  const bruno = await imported(ws, ["import", "bruno", "bruno"]);
  const code = Object.values(bruno.files).find((f) => f.auth === "oauth2")!;
  assertEquals((code.oauth2 as Record<string, string>).grant, "authorization_code");
  assertEquals((code.oauth2 as Record<string, string>).authUrl, "https://id.example.com/authorize");
  assertEquals(Object.values(bruno.files).some((f) => f.auth === "digest"), true);
  const validate = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(validate.code, 0, validate.stdout + validate.stderr);
});

Deno.test("OpenAPI securitySchemes import as settings, and export openapi writes them back", async () => {
  await using ws = await workspace({ "openapi.json": JSON.stringify(OPENAPI) });
  const { files } = await imported(ws, ["import", "openapi", "openapi.json"]);
  const byAuth = Object.fromEntries(Object.values(files).map((f) => [f.auth, f]));
  assertEquals(byAuth.oauth2.oauth2, {
    grant: "client_credentials",
    tokenUrl: "https://id.example.com/token",
    clientId: "{{clientId}}",
    clientSecret: "{{clientSecret}}",
    scope: "read",
  });
  assertEquals(byAuth.apikey.apiKey, { in: "query", name: "api_key" });
  assertEquals(Object.keys(byAuth).sort(), ["apikey", "digest", "oauth2"]);
  assertEquals((await apispec(["validate", "api-docs"], { cwd: ws.dir })).code, 0);

  const exported = await apispec(["export", "openapi", "--json"], { cwd: ws.dir });
  assertEquals(exported.code, 0, exported.stderr);
  const doc = JSON.parse(exported.stdout);
  const schemes = doc.components.securitySchemes;
  assertEquals(schemes.oauth2_clientCredentials, {
    type: "oauth2",
    flows: {
      clientCredentials: { tokenUrl: "https://id.example.com/token", scopes: { read: "read" } },
    },
  });
  assertEquals(schemes.apiKey_api_key, { type: "apiKey", in: "query", name: "api_key" });
  assertEquals(schemes.digestAuth, { type: "http", scheme: "digest" });
  assertEquals(doc.paths["/reports"].get.security, [{ oauth2_clientCredentials: ["read"] }]);
  assertStringIncludes(exported.stdout, '"digestAuth"');
});
