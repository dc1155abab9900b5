/** SPEC.md's variable and environment rules through the real CLI against a real loopback API. */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { endpoint, workspace } from "../helpers/workspace.ts";

const SPEC = "api-docs/apis/users/get-user.md";

function envFile(sections: Record<string, Record<string, string>>): string {
  return Object.entries(sections)
    .map(([name, vars]) =>
      `## ${name}\n\n\`\`\`yaml\n${
        Object.entries(vars).map(([k, v]) => `${k}: ${v}`).join("\n")
      }\n\`\`\`\n`
    )
    .join("\n");
}

/** Runs a spec whose request sends `{{who}}` and returns the value the API received. */
async function resolvedWho(layers: {
  cli?: string;
  frontmatter?: string;
  envMd?: string;
  template?: string;
  dotenv?: string;
  os?: string;
}): Promise<string> {
  await using api = startTestApi((request) =>
    jsonResponse({ who: new URL(request.url).searchParams.get("who") })
  );
  const files: Record<string, string> = {
    "api-docs/_shared/env.template.md": envFile({
      dev: { baseUrl: api.url, ...(layers.template ? { who: layers.template } : {}) },
    }),
    "api-docs/apis/users/get-user.md": endpoint({
      request: "GET {{baseUrl}}/users?who={{who}}",
      frontmatter: layers.frontmatter ? `vars:\n  who: ${layers.frontmatter}\n` : "",
    }),
  };
  if (layers.envMd) files["api-docs/_shared/env.md"] = envFile({ dev: { who: layers.envMd } });
  if (layers.dotenv) files[".env.local"] = `WHO=${layers.dotenv}\n`;
  await using ws = await workspace(files);
  const args = [
    "exec",
    SPEC,
    "--output=json",
    ...(layers.cli ? ["--var", `who=${layers.cli}`] : []),
  ];
  const result = await apispec(args, {
    cwd: ws.dir,
    env: layers.os ? { APISPEC_WHO: layers.os } : {},
  });
  assertEquals(result.code, 0, result.stdout + result.stderr);
  return new URL(api.url + api.requests[0].path).searchParams.get("who")!;
}

Deno.test("priority: --var > frontmatter > env.md > env.template.md > .env.local > APISPEC_*", async () => {
  const all = {
    cli: "cli",
    frontmatter: "frontmatter",
    envMd: "envmd",
    template: "template",
    dotenv: "dotenv",
    os: "os",
  };
  assertEquals(await resolvedWho(all), "cli");
  assertEquals(await resolvedWho({ ...all, cli: undefined }), "frontmatter");
  assertEquals(await resolvedWho({ ...all, cli: undefined, frontmatter: undefined }), "envmd");
  assertEquals(await resolvedWho({ dotenv: "dotenv", os: "os", template: "template" }), "template");
  assertEquals(await resolvedWho({ dotenv: "dotenv", os: "os" }), "dotenv");
  assertEquals(await resolvedWho({ os: "os" }), "os");
});

Deno.test("APISPEC_<UPPER_SNAKE> maps to <lowerCamel>; other OS variables are never read", async () => {
  await using api = startTestApi(() => jsonResponse({}));
  await using ws = await workspace({
    "api-docs/apis/users/get-user.md": endpoint({ request: "GET {{baseUrl}}/users/{{userId}}" }),
  });
  const result = await apispec(["exec", SPEC, "--output=json"], {
    cwd: ws.dir,
    env: { APISPEC_BASE_URL: api.url, APISPEC_USER_ID: "77" },
  });
  assertEquals(result.code, 0, result.stderr);
  assertEquals(api.requests[0].path, "/users/77");
  const unread = await apispec(["exec", SPEC, "--output=json"], {
    cwd: ws.dir,
    env: { BASE_URL: api.url, userId: "1", baseUrl: api.url },
  });
  assertEquals(unread.code, 2);
  assertEquals(json(unread).error_type, "VAR_MISSING");
});

Deno.test(".env.local: dotenv syntax with export, quotes and comments", async () => {
  await using api = startTestApi(() => jsonResponse({}));
  await using ws = await workspace({
    "api-docs/apis/users/get-user.md": endpoint({
      request: "GET {{baseUrl}}/users\nX-A: {{first}}\nX-B: {{second}}\nX-C: {{thirdValue}}",
    }),
    ".env.local":
      `# local\nexport BASE_URL=${api.url}\nfirst="quoted # kept"\nsecond='single'   # comment\nTHIRD_VALUE=plain # comment\n`,
  });
  const result = await apispec(["exec", SPEC, "--output=json"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  const { headers } = api.requests[0];
  assertEquals([headers["x-a"], headers["x-b"], headers["x-c"]], [
    "quoted # kept",
    "single",
    "plain",
  ]);
});

Deno.test("environments: --env selects a section; the project default-env applies without --env", async () => {
  await using dev = startTestApi(() => jsonResponse({ env: "dev" }));
  await using staging = startTestApi(() => jsonResponse({ env: "staging" }));
  await using ws = await workspace({
    "api-docs/_shared/env.template.md": envFile({
      dev: { baseUrl: dev.url },
      staging: { baseUrl: staging.url },
    }),
    "api-docs/apis/users/get-user.md": endpoint(),
  });
  assertEquals((await apispec(["exec", SPEC], { cwd: ws.dir })).code, 0);
  assertEquals((await apispec(["exec", SPEC, "--env=staging"], { cwd: ws.dir })).code, 0);
  await ws.write("api-docs/project.md", "---\nname: t\nversion: 1\ndefault-env: staging\n---\n");
  assertEquals((await apispec(["exec", SPEC], { cwd: ws.dir })).code, 0);
  assertEquals([dev.requests.length, staging.requests.length], [1, 2]);
});

Deno.test("environments: an unknown --env is exit 2 naming the environments that exist", async () => {
  await using api = startTestApi(() => jsonResponse({}));
  await using ws = await workspace({
    "api-docs/_shared/env.template.md": envFile({
      dev: { baseUrl: api.url },
      staging: { baseUrl: api.url },
    }),
    "api-docs/apis/users/get-user.md": endpoint(),
  });
  const result = await apispec(["exec", SPEC, "--env=qa"], { cwd: ws.dir });
  assertEquals(result.code, 2);
  assertStringIncludes(result.stderr, 'Environment "qa" is not defined');
  assertStringIncludes(result.stderr, "Use one of: dev, staging");
  assertEquals(api.requests.length, 0);
});

Deno.test("an unresolved variable is exit 2 before any request, naming it and the ways to define it", async () => {
  await using api = startTestApi(() => jsonResponse({}));
  await using ws = await workspace({
    "api-docs/_shared/env.template.md": envFile({ dev: { baseUrl: api.url } }),
    "api-docs/apis/users/get-user.md": endpoint({ request: "GET {{baseUrl}}/orders/{{orderId}}" }),
  });
  const result = await apispec(["exec", SPEC], { cwd: ws.dir });
  assertEquals(result.code, 2);
  for (
    const text of [
      'Variable "orderId" is not defined',
      "--var orderId=",
      ".env.local",
      "APISPEC_ORDER_ID",
      "get-user.md:13:24",
    ]
  ) {
    assertStringIncludes(result.stderr, text);
  }
  assertEquals(api.requests.length, 0);
});

Deno.test("secret-named variables are masked in every output format", async () => {
  const key = "k3y-a1b2c3d4e5";
  await using api = startTestApi((request) =>
    jsonResponse({
      yourKey: request.headers.get("x-api-key"),
      note: `key was ${request.headers.get("x-api-key")}`,
    })
  );
  await using ws = await workspace({
    "api-docs/_shared/env.template.md": envFile({ dev: { baseUrl: api.url } }),
    "api-docs/apis/users/get-user.md": endpoint({
      request: "GET {{baseUrl}}/users?k={{apiKey}}\nX-Api-Key: {{apiKey}}",
      expected: 'HTTP/1.1 200 OK\n\n{"yourKey": 1}',
    }),
  });
  for (const output of ["console", "json", "junit", "markdown"]) {
    const result = await apispec(["exec", SPEC, `--output=${output}`, "-v"], {
      cwd: ws.dir,
      env: { APISPEC_API_KEY: key },
    });
    assertEquals(result.code, 1, output);
    assertEquals(
      result.stdout.includes(key) || result.stderr.includes(key),
      false,
      `${output} leaked the key`,
    );
    if (output === "console" || output === "json") assertStringIncludes(result.stdout, "****");
  }
});
