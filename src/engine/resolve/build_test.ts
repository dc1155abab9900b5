import { assert, assertEquals } from "@std/assert";
import { parseEndpoint } from "../parse/spec.ts";
import { buildExchange, joinBase, reportVariables } from "./build.ts";
import type { VarLayer } from "./layers.ts";

function spec(request: string, extra = "", expected = "HTTP/1.1 200 OK", frontmatterExtra = "") {
  const text = `---\nresource: u\nprotocol: http\nmethod: ${
    request.split(" ")[0]
  }\npath: /u\nversion: 1\n${frontmatterExtra}---\n## Request\n\n\`\`\`http\n${request}\n\`\`\`\n\n## Expected response\n\n\`\`\`http\n${expected}\n\`\`\`\n${extra}`;
  const parsed = parseEndpoint(text, "u.md");
  assert(parsed.spec, JSON.stringify(parsed.issues));
  return parsed.spec;
}

const layers = (
  vars: Record<string, string>,
  name: VarLayer["name"] = "env",
): VarLayer[] => [{ name, label: name, vars }];

Deno.test("buildExchange() resolves templates, path params and the relative form", () => {
  const s = spec(
    'POST /users/:id?x={{q}}\nX-Id: {{id}}\n\n{"id": "{{id}}"}',
    "",
    "HTTP/1.1 201 Created\nLocation: /users/{{id}}",
  );
  const built = buildExchange(s, {
    layers: layers({ baseUrl: "http://h/v1/", id: "7", q: "a b" }),
    auth: "none",
    env: "dev",
  });
  assertEquals(built.issues, []);
  assertEquals(built.request, {
    method: "POST",
    url: "http://h/v1/users/7?x=a b",
    headers: [["X-Id", "7"]],
    body: '{"id": "7"}',
  });
  assertEquals(built.expected!.headers[0].value, "/users/7");
});

Deno.test("buildExchange() reports every missing variable as VAR_MISSING with a fix naming each source", () => {
  const built = buildExchange(spec("GET {{baseUrl}}/users/:userId\nX-Trace: {{trace}}"), {
    layers: layers({ baseUrl: "http://h" }),
    auth: "none",
    env: "dev",
  });
  assertEquals(built.request, undefined);
  assertEquals(built.issues.map((i) => [i.code, i.message, i.line]), [
    ["VAR_MISSING", 'Variable "trace" is not defined for environment "dev"', 12],
    ["VAR_MISSING", 'Variable "userId" is not defined for environment "dev"', 11],
  ]);
  const fix = built.issues[1].fix!;
  for (
    const source of ["--var userId=", "_shared/env.md", ".env.local", "vars:", "APISPEC_USER_ID"]
  ) assert(fix.includes(source), source);
});

Deno.test("buildExchange() refuses a second resolution pass", () => {
  const built = buildExchange(spec("GET {{baseUrl}}/x"), {
    layers: layers({ baseUrl: "{{host}}" }),
    auth: "none",
    env: "dev",
  });
  assertEquals(
    built.issues[0].message,
    'Variable "baseUrl" resolves to a value that holds {{...}}',
  );
});

Deno.test("buildExchange() adds bearer and basic Authorization unless the request sets one", () => {
  const bearer = buildExchange(spec("GET http://h/x"), {
    layers: layers({ authToken: "t0k3n" }),
    auth: "bearer",
    env: "dev",
  });
  assertEquals(bearer.request!.headers, [["Authorization", "Bearer t0k3n"]]);
  // The Authorization value as sent is a secret too: APIs echo it back.
  assertEquals(bearer.secrets, ["t0k3n", "Bearer t0k3n"]);
  const basic = buildExchange(spec("GET http://h/x"), {
    layers: layers({ username: "ada", password: "pw" }),
    auth: "basic",
    env: "dev",
  });
  assertEquals(basic.request!.headers, [["Authorization", `Basic ${btoa("ada:pw")}`]]);
  assertEquals(basic.secrets.includes(btoa("ada:pw")), true);
  const own = buildExchange(spec("GET http://h/x\nAuthorization: Token {{key}}"), {
    layers: layers({ key: "k" }),
    auth: "bearer",
    env: "dev",
  });
  assertEquals(own.request!.headers, [["Authorization", "Token k"]]);
  const missing = buildExchange(spec("GET http://h/x"), { layers: [], auth: "bearer", env: "dev" });
  assertEquals(
    missing.issues[0].message,
    'Variable "authToken" is not defined for environment "dev"',
  );
});

Deno.test("buildExchange() rejects a base URL that is not http(s)", () => {
  const built = buildExchange(spec("GET {{baseUrl}}/x"), {
    layers: layers({ baseUrl: "localhost:8080" }),
    auth: "none",
    env: "dev",
  });
  assertEquals(built.issues[0].code, "VALIDATION_ERROR");
});

Deno.test("reportVariables() gives kind, resolution and source per variable", () => {
  const s = spec("GET {{baseUrl}}/users/:id");
  assertEquals(
    reportVariables(s, {
      layers: [{
        name: "env",
        label: "api-docs/_shared/env.md [dev]",
        vars: { baseUrl: "http://h" },
      }],
      auth: "none",
      env: "dev",
    }),
    [
      {
        name: "baseUrl",
        kind: "template",
        resolved: true,
        source: "api-docs/_shared/env.md [dev]",
      },
      {
        name: "id",
        kind: "path_param",
        resolved: false,
        hint:
          'Define "id": --var id=<value>, a `id: <value>` line under ## dev in api-docs/_shared/env.md, id=<value> in .env.local, vars: in the frontmatter, or the environment variable APISPEC_ID',
      },
    ],
  );
});

Deno.test("joinBase() keeps the base URL's path", () => {
  assertEquals(joinBase("http://h/v1", "/users"), "http://h/v1/users");
  assertEquals(joinBase("http://h/v1///", "/users"), "http://h/v1/users");
});
