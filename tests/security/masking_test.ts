/**
 * Masking everywhere (issue #11, part 2): a token the API returns, a value
 * shaped like a credential in a neutrally named variable, and a Basic
 * credential echoed back never reach any output: console, JSON, JUnit,
 * markdown, diagnose, `check --report github` and its job summary, `exec -v`,
 * MCP exec and the preview run. And the opposite: `request --save` keeps
 * every value that is not a credential.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { startMcp } from "../helpers/mcp.ts";
import { startTestPreview } from "../helpers/preview.ts";
import { Gen } from "../helpers/secret_samples.ts";

const g = new Gen(31);
const p = (...parts: string[]) => parts.join("");
const githubToken = p("gh", "p_") + g.alnum(36);
const opaqueToken = g.urlsafe(40);
const stripeKey = p("sk", "_live_") + g.alnum(24);

/** Fails naming the output that holds a secret. */
function assertClean(outputs: Record<string, string>, secrets: string[]): void {
  for (const [where, text] of Object.entries(outputs)) {
    for (const secret of secrets) {
      assert(!text.includes(secret), `${where} shows a secret:\n${text}`);
    }
  }
}

Deno.test("a token the API returns is masked in strict diffs of every report", async () => {
  await using api = startTestApi(() =>
    jsonResponse({ id: 1, token: githubToken, access_token: opaqueToken })
  );
  const spec = endpoint({
    frontmatter: "response:\n  match: strict\n",
    expected:
      'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"id": 1, "token": "old", "access_token": "old"}',
  });
  await using ws = await workspace(collectionFiles(api.url, { "apis/users/get-user.md": spec }));
  const file = "api-docs/apis/users/get-user.md";
  const summary = ws.path("summary.md");
  const outputs: Record<string, string> = {};
  for (const output of ["console", "json", "junit", "markdown"]) {
    const run = await apispec(["exec", file, `--output=${output}`], { cwd: ws.dir });
    assertEquals(run.code, 1);
    outputs[`exec --output=${output}`] = run.stdout + run.stderr;
  }
  const diagnose = await apispec(["diagnose", file, "--output=json"], { cwd: ws.dir });
  outputs["diagnose --output=json"] = diagnose.stdout + diagnose.stderr;
  const check = await apispec(["check", "api-docs", "--report", "github"], {
    cwd: ws.dir,
    env: { GITHUB_STEP_SUMMARY: summary },
  });
  assertEquals(check.code, 1);
  outputs["check --report github"] = check.stdout + check.stderr;
  outputs["job summary"] = await ws.read("summary.md");

  assertClean(outputs, [githubToken, opaqueToken]);
  // The diff still says what differs, with the values hidden.
  assertStringIncludes(outputs["exec --output=console"], 'body.token: expected "****", got "****"');
});

Deno.test("values shaped like credentials in neutral variables are masked in exec -v, MCP and the preview run", async () => {
  await using api = startTestApi((request) =>
    jsonResponse({ echoed: new URL(request.url).searchParams.get("q") })
  );
  const spec = endpoint({
    path: "/search",
    request: "GET {{baseUrl}}/search?q={{stripe}}&v={{pat}}",
    expected: "HTTP/1.1 200 OK",
  });
  await using ws = await workspace(collectionFiles(api.url, { "apis/users/search.md": spec }));
  const file = "api-docs/apis/users/search.md";
  const vars = { stripe: stripeKey, pat: githubToken };

  const cli = await apispec(
    ["exec", file, "-v", "--var", `stripe=${stripeKey}`, "--var", `pat=${githubToken}`],
    { cwd: ws.dir },
  );
  assertEquals(cli.code, 0, cli.stderr);
  assertStringIncludes(cli.stdout, "> GET");

  await using mcp = await startMcp({ cwd: ws.dir });
  const tool = await mcp.call("apispec_exec", { spec_path: file, vars, verbose: true });
  await mcp.call("apispec_session", { action: "set", vars });
  const session = await mcp.call("apispec_session", { action: "get" });

  await using preview = await startTestPreview(ws.dir);
  const run = await preview.send("POST", "/api/run", { path: "apis/users/search.md", vars });
  assertEquals(run.status, 200, JSON.stringify(run.body));

  assertEquals(api.requests.length, 3, "every surface sent the real values");
  assertEquals(new URL(`http://h${api.requests[0].path}`).searchParams.get("q"), stripeKey);
  assertClean({
    "exec -v": cli.stdout + cli.stderr,
    "MCP apispec_exec": JSON.stringify(tool),
    "MCP apispec_session get": JSON.stringify(session),
    "preview /api/run": JSON.stringify(run.body),
  }, [stripeKey, githubToken, encodeURIComponent(githubToken)]);
});

Deno.test("a flow step's URL is shown masked: variables shaped like credentials, and a captured token", async () => {
  await using api = startTestApi((request) =>
    new URL(request.url).pathname === "/login"
      ? jsonResponse({ token: opaqueToken })
      : jsonResponse({ ok: true })
  );
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/auth/login.md": endpoint({ path: "/login", request: "GET {{baseUrl}}/login" }),
    "apis/users/search.md": endpoint({
      path: "/search",
      request: "GET {{baseUrl}}/search?q={{stripe}}&v={{pat}}&t={{token}}",
    }),
    "flows/search.md": `---
type: pipeline
name: search
---
# Search

## Steps

1. **Log in** -> \`apis/auth/login.md\`
   - Capture: \`response.body.token\` as \`token\`
2. **Search** -> \`apis/users/search.md\`
`,
  }));
  const vars = ["--var", `stripe=${stripeKey}`, "--var", `pat=${githubToken}`];
  const outputs: Record<string, string> = {};
  for (const output of ["console", "json", "junit"]) {
    const run = await apispec(["flow", "api-docs/flows/search.md", ...vars, `--output=${output}`], {
      cwd: ws.dir,
    });
    assertEquals(run.code, 0, run.stdout + run.stderr);
    outputs[`flow --output=${output}`] = run.stdout + run.stderr;
  }
  assertStringIncludes(outputs["flow --output=console"], "/search?q=");
  const sent = new URL(`http://h${api.requests.at(-1)!.path}`).searchParams;
  assertEquals(
    [sent.get("q"), sent.get("t")],
    [stripeKey, opaqueToken],
    "the real values were sent",
  );
  assertClean(outputs, [stripeKey, githubToken, encodeURIComponent(githubToken), opaqueToken]);
});

Deno.test("check's HTML and JSON reports show every request and response masked", async () => {
  await using api = startTestApi((request) =>
    jsonResponse({ echoed: new URL(request.url).searchParams.get("q"), token: githubToken })
  );
  const spec = endpoint({
    path: "/search",
    request: "GET {{baseUrl}}/search?q={{stripe}}",
    expected: "HTTP/1.1 200 OK",
  });
  await using ws = await workspace(collectionFiles(api.url, { "apis/users/search.md": spec }));
  const run = await apispec([
    "check",
    "api-docs",
    "--var",
    `stripe=${stripeKey}`,
    "--report",
    "html=report.html",
    "--report",
    "json=report.json",
  ], { cwd: ws.dir });
  assertEquals(run.code, 0, run.stderr);
  assertEquals(new URL(`http://h${api.requests[0].path}`).searchParams.get("q"), stripeKey);
  const html = await ws.read("report.html");
  // The run's request and response are masked when a report reads them, not before.
  assertStringIncludes(html, "/search?q=****");
  assertStringIncludes(html, "echoed");
  assertClean({
    "check stdout": run.stdout + run.stderr,
    "report.html": html,
    "report.json": await ws.read("report.json"),
  }, [stripeKey, githubToken]);
});

Deno.test("a Basic credential the API echoes back is masked, base64 included", async () => {
  await using api = startTestApi((request) =>
    jsonResponse({ authorization: request.headers.get("authorization") })
  );
  const password = g.password();
  const spec = endpoint({ frontmatter: "auth: basic\n" });
  await using ws = await workspace(collectionFiles(api.url, { "apis/users/get-user.md": spec }));
  const run = await apispec(["exec", "api-docs/apis/users/get-user.md", "-v"], {
    cwd: ws.dir,
    env: { APISPEC_USERNAME: "ada", APISPEC_PASSWORD: password },
  });
  assertEquals(run.code, 0, run.stderr);
  assertEquals(api.requests[0].headers.authorization, `Basic ${btoa(`ada:${password}`)}`);
  assertStringIncludes(run.stdout, '"authorization": "****"');
  assertClean({ "exec -v": run.stdout + run.stderr }, [btoa(`ada:${password}`), password]);
});

Deno.test("request --save masks credential keys only, by word: author, turkey, passwordPolicy stay", async () => {
  await using api = startTestApi(() =>
    jsonResponse({
      author: "Ada Lovelace",
      turkey: "roasted",
      passwordPolicy: "strict",
      tokenizer: "wordpiece",
      password: "hunter2",
      access_token: opaqueToken,
    })
  );
  await using ws = await workspace(collectionFiles(api.url));
  const run = await apispec(
    ["request", "GET", `${api.url}/profile`, "--save", "api-docs/apis/profile/get-profile.md"],
    { cwd: ws.dir },
  );
  assertEquals(run.code, 0, run.stderr);
  const saved = await ws.read("api-docs/apis/profile/get-profile.md");
  for (
    const kept of [
      '"author": "Ada Lovelace"',
      '"turkey": "roasted"',
      '"passwordPolicy": "strict"',
      '"tokenizer": "wordpiece"',
    ]
  ) assertStringIncludes(saved, kept);
  assertStringIncludes(saved, '"password": "****"');
  assertStringIncludes(saved, '"access_token": "****"');
  assertClean({ "saved file": saved }, ["hunter2", opaqueToken]);
  const validate = await apispec(["validate", "api-docs/apis/profile/get-profile.md"], {
    cwd: ws.dir,
  });
  assertEquals(validate.code, 0, validate.stdout + validate.stderr);
});

Deno.test("a finding's code frame points at the secret without showing it", async () => {
  const spec = endpoint({
    request: `GET {{baseUrl}}/users/1\nAuthorization: token ${githubToken}`,
  });
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": spec,
  }));
  const run = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(run.code, 5);
  assertStringIncludes(run.stderr, "error[SECRET_DETECTED]: Possible GitHub token");
  assertStringIncludes(run.stderr, "| Authorization: token ****");
  assertClean({ "validate console": run.stdout + run.stderr }, [githubToken]);
});
