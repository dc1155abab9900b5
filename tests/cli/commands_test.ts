/** Exit codes, output formats, global flags, usage errors and the production guard through the real CLI. */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { apispec, apispecOnTerminal, baseEnv, hasScript, json } from "../helpers/cli.ts";
import { closedPort, jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { Gen } from "../helpers/secret_samples.ts";

const SPEC = "api-docs/apis/users/get-user.md";

Deno.test("exit codes 0 to 5, one scenario each", async () => {
  await using api = startTestApi((request) =>
    new URL(request.url).pathname === "/ok" ? jsonResponse({}) : jsonResponse({}, 500)
  );
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/pass.md": endpoint({ request: "GET {{baseUrl}}/ok" }),
    "apis/users/fail.md": endpoint({ request: "GET {{baseUrl}}/fail" }),
    "apis/users/invalid.md": endpoint().replace("version: 1", "version: one"),
    "apis/users/offline.md": endpoint({ request: `GET http://127.0.0.1:${closedPort()}/x` }),
    "apis/users/secret.md": endpoint({
      // AWS's documented example key is not a secret (issue #11): a generated one is.
      request: `GET {{baseUrl}}/ok\nX-Api-Key: ${["AK", "IA"].join("")}${new Gen(3).base32(16)}`,
    }),
  }));
  const code = async (file: string) =>
    (await apispec(["exec", `api-docs/apis/users/${file}`], { cwd: ws.dir })).code;
  assertEquals(await code("pass.md"), 0);
  assertEquals(await code("fail.md"), 1);
  assertEquals(await code("invalid.md"), 2);
  assertEquals(await code("offline.md"), 4);
  assertEquals(await code("secret.md"), 5);
  assertEquals(api.requests.map((r) => r.path), ["/ok", "/fail"]);
  // 3: a file-system failure: init over an existing collection.
  const init = await apispec(["init", "--yes"], { cwd: ws.dir });
  assertEquals(init.code, 3);
  assertStringIncludes(init.stderr, "api-docs/project.md already exists");
});

Deno.test("exec --output=junit and markdown report one case", async () => {
  await using api = startTestApi(() => jsonResponse({ id: "x" }));
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": endpoint({ expected: 'HTTP/1.1 200 OK\n\n{"id": 1}' }),
  }));
  const junit = await apispec(["exec", SPEC, "--output=junit"], { cwd: ws.dir });
  assertEquals(junit.code, 1);
  assertMatch(junit.stdout, /^<\?xml version="1.0" encoding="UTF-8"\?>/);
  assertStringIncludes(junit.stdout, '<testsuites name="apispec exec" tests="1" failures="1"');
  assertStringIncludes(junit.stdout, '<failure type="CONTRACT_MISMATCH"');
  assertStringIncludes(junit.stdout, "body.id: expected number, got string");
  const markdown = await apispec(["exec", SPEC, "--output=markdown"], { cwd: ws.dir });
  assertEquals(markdown.code, 1);
  assertStringIncludes(markdown.stdout, "## apispec exec");
  assertStringIncludes(markdown.stdout, "| ❌ fail | Test endpoint |");
  assertStringIncludes(markdown.stdout, "- body.id: expected number, got string");
});

Deno.test("console output: colour only on request, never with NO_COLOR or --no-color", async () => {
  await using api = startTestApi(() => jsonResponse({}));
  await using ws = await workspace(
    collectionFiles(api.url, { "apis/users/get-user.md": endpoint() }),
  );
  // A pipe is not a TTY, so colour is off by default: the CLI decides per stream.
  const piped = await apispec(["exec", SPEC], { cwd: ws.dir, color: true });
  assertEquals(piped.stdout.includes("\x1b["), false);
  assertStringIncludes(piped.stdout, "PASS  Test endpoint");
  assertStringIncludes(piped.stdout, "GET " + api.url + "/users/1  200 OK");
});

Deno.test("global flags work before or after the subcommand", async () => {
  await using api = startTestApi(() => jsonResponse({}));
  await using ws = await workspace(
    collectionFiles(api.url, { "apis/users/get-user.md": endpoint() }),
  );
  const before = await apispec(["--no-color", "-v", "exec", SPEC, "--output=json"], {
    cwd: ws.dir,
  });
  const after = await apispec(["exec", SPEC, "--output=json", "--no-color", "--verbose"], {
    cwd: ws.dir,
  });
  for (const result of [before, after]) {
    assertEquals(result.code, 0, result.stderr);
    assert(json(result).request, "verbose adds the request");
  }
  const config = await apispec([
    "--config",
    `${ws.dir}/api-docs/project.md`,
    "exec",
    "apis/users/get-user.md",
  ], { cwd: "/" });
  assertEquals(config.code, 0, config.stderr);
});

Deno.test("usage errors are exit 2 with a fix", async () => {
  const cases: [string[], RegExp][] = [
    [["exec"], /Missing <file> for exec/],
    [
      ["exec", "x.md", "--outptu=json"],
      /Unknown flag --outptu for exec[\s\S]*Did you mean --output\?/,
    ],
    [
      ["exec", "x.md", "--output=xml"],
      /does not accept "xml"[\s\S]*console, junit, json, markdown/,
    ],
    [["exec", "x.md", "--timeout=soon"], /needs a whole number/],
    [["exec", "x.md", "--timeout=0"], /--timeout must be at least 1, got 0/],
    [["exec", "x.md", "--var", "novalue"], /Invalid --var "novalue"/],
    [["exce", "x.md"], /Unknown command "exce"[\s\S]*Did you mean `apispec exec`/],
    [["request", "FETCH", "http://x"], /<method> does not accept "FETCH"/],
  ];
  for (const [args, message] of cases) {
    const result = await apispec(args);
    assertEquals(result.code, 2, args.join(" "));
    assertMatch(result.stderr, message);
    assertEquals(result.stderr.includes("    at "), false, "no stack trace");
  }
});

Deno.test("exec of a flow and flow of an endpoint file name the command that runs it", async () => {
  await using api = startTestApi(() => jsonResponse({ id: 1 }));
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-user.md": endpoint(),
    "flows/f.md": "---\ntype: pipeline\nname: f\n---\n# F\n\n## Steps\n\n" +
      "1. **Get** -> `apis/users/get-user.md`\n",
  }));
  const exec = await apispec(["exec", "api-docs/flows/f.md"], { cwd: ws.dir });
  assertEquals(exec.code, 2);
  assertStringIncludes(exec.stderr, "api-docs/flows/f.md is a flow, not an endpoint file");
  assertStringIncludes(exec.stderr, "`apispec flow api-docs/flows/f.md`");
  const flow = await apispec(["flow", SPEC], { cwd: ws.dir });
  assertEquals(flow.code, 2);
  assertStringIncludes(flow.stderr, `${SPEC} is an endpoint file, not a flow`);
  assertStringIncludes(flow.stderr, `\`apispec exec ${SPEC}\``);
  assertEquals(api.requests.length, 0, "nothing was sent");
});

Deno.test("help and version", async () => {
  const help = await apispec(["--help"]);
  assertEquals(help.code, 0);
  for (const command of ["init", "validate", "exec", "request", "index", "version"]) {
    assertStringIncludes(help.stdout, `  ${command} `);
  }
  const execHelp = await apispec(["exec", "--help"]);
  assertStringIncludes(execHelp.stdout, "--output <console|junit|json|markdown>");
  const version = await apispec(["version"]);
  const expected =
    JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url))).version;
  assertEquals(version.stdout.trim(), `apispec ${expected}`);
});

Deno.test("production runs: refused without --yes in a non-interactive shell, nothing sent", async () => {
  await using api = startTestApi(() => jsonResponse({}));
  const env =
    `## prod\n\n\`\`\`yaml\nbaseUrl: ${api.url}\n\`\`\`\n\n## production\n\n\`\`\`yaml\nbaseUrl: ${api.url}\n\`\`\`\n`;
  await using ws = await workspace({
    "api-docs/_shared/env.template.md": env,
    "api-docs/apis/users/get-user.md": endpoint(),
  });
  for (const name of ["prod", "production"]) {
    const refused = await apispec(["exec", SPEC, `--env=${name}`], { cwd: ws.dir });
    assertEquals(refused.code, 2);
    assertStringIncludes(refused.stderr, `Refusing to run against "${name}" without confirmation`);
  }
  assertEquals(api.requests.length, 0);
  const confirmed = await apispec(["exec", SPEC, "--env=prod", "--yes"], { cwd: ws.dir });
  assertEquals(confirmed.code, 0, confirmed.stderr);
  assertEquals(api.requests.length, 1);
});

Deno.test("exec --dry-run resolves and shows the request, sends nothing (masked)", async () => {
  await using api = startTestApi(() => jsonResponse({}));
  await using ws = await workspace(
    collectionFiles(api.url, {
      "apis/users/get-user.md": endpoint({ frontmatter: "auth: bearer\n" }),
    }),
  );
  const env = { APISPEC_AUTH_TOKEN: "dry-run-token-1" };
  const console = await apispec(["exec", SPEC, "--dry-run"], { cwd: ws.dir, env });
  assertEquals(console.code, 0);
  assertStringIncludes(console.stdout, `> GET ${api.url}/users/1`);
  assertStringIncludes(console.stdout, "> Authorization: Bearer ****");
  const record = json<{ request: { url: string } }>(
    await apispec(["exec", SPEC, "--dry-run", "--output=json"], { cwd: ws.dir, env }),
  );
  assertEquals(record.request.url, `${api.url}/users/1`);
  assertEquals(api.requests.length, 0);
});

Deno.test("a spec path is taken relative to the collection root when not found from the working folder", async () => {
  await using api = startTestApi(() => jsonResponse({}));
  await using ws = await workspace(
    collectionFiles(api.url, { "apis/users/get-user.md": endpoint() }),
  );
  const result = await apispec(["exec", "apis/users/get-user.md"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  const missing = await apispec(["exec", "apis/users/nope.md"], { cwd: ws.dir });
  assertEquals(missing.code, 2);
  assertStringIncludes(missing.stderr, "does not exist");
});

Deno.test({
  name: "console output on a terminal is coloured, unless NO_COLOR or --no-color",
  ignore: !(await hasScript()),
  fn: async () => {
    await using api = startTestApi(() => jsonResponse({}));
    await using ws = await workspace(
      collectionFiles(api.url, { "apis/users/get-user.md": endpoint() }),
    );
    const { NO_COLOR: _, ...colourEnv } = baseEnv();
    const coloured = await apispecOnTerminal(["exec", SPEC], ws.dir, colourEnv);
    assertStringIncludes(coloured, "\x1b[32m");
    assertStringIncludes(coloured, "PASS");
    for (
      const [args, env] of [[["exec", SPEC], { ...colourEnv, NO_COLOR: "1" }], [[
        "exec",
        SPEC,
        "--no-color",
      ], colourEnv]] as const
    ) {
      const plain = await apispecOnTerminal([...args], ws.dir, env);
      assertStringIncludes(plain, "PASS");
      assertEquals(plain.includes("\x1b["), false, args.join(" "));
    }
  },
});
