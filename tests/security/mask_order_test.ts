/**
 * Mask first, then cut (issue 30 item 5): a diff shows at most 60 characters
 * of a value, and a secret cut in the middle is no longer the secret the
 * masker knows. Here a stripe key (neutral variable name, shaped value) sits
 * where the cut falls, and a password the request sent under `password` (a
 * neutral variable, a value of no particular shape) comes back inside an
 * escaped JSON string. Neither may show, whole or in part, in any output.
 */
import { assert, assertEquals } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { startMcp } from "../helpers/mcp.ts";
import { Gen } from "../helpers/secret_samples.ts";

const g = new Gen(53);
const stripeKey = ["sk", "_live_"].join("") + g.alnum(24);
const password = g.password() + g.alnum(4);

/** Fails naming the output that shows a secret or its first characters. */
function assertNothingShown(outputs: Record<string, string>): void {
  for (const [where, text] of Object.entries(outputs)) {
    for (const secret of [stripeKey, password]) {
      const start = secret.slice(0, secret === stripeKey ? 12 : 6);
      assert(!text.includes(start), `${where} shows ${start}…:\n${text}`);
    }
  }
}

Deno.test("secrets are masked before a value is cut, and a password the request sent stays hidden when echoed", async () => {
  // httpbin-style: the parsed body, and the raw body as an escaped JSON string.
  await using api = startTestApi((_request, body) =>
    jsonResponse({ json: JSON.parse(body), data: body })
  );
  const spec = endpoint({
    method: "POST",
    path: "/echo",
    frontmatter: "response:\n  match: strict\n",
    request: "POST {{baseUrl}}/echo\nContent-Type: application/json\n\n" +
      '{"note": "fifteen chars..", "stripe": "{{s}}", "password": "{{p}}"}',
    expected: "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" +
      '{"json": {"note": "fifteen chars..", "stripe": "old", "password": "old"}}',
  });
  await using ws = await workspace(collectionFiles(api.url, { "apis/users/echo.md": spec }));
  const file = "api-docs/apis/users/echo.md";
  const vars = ["--var", `s=${stripeKey}`, "--var", `p=${password}`];
  const outputs: Record<string, string> = {};
  for (const output of ["console", "json", "junit", "markdown"]) {
    const run = await apispec(["exec", file, ...vars, `--output=${output}`], { cwd: ws.dir });
    assertEquals(run.code, 1, run.stdout + run.stderr);
    outputs[`exec --output=${output}`] = run.stdout + run.stderr;
  }
  const verbose = await apispec(["exec", file, ...vars, "-v"], { cwd: ws.dir });
  outputs["exec -v"] = verbose.stdout + verbose.stderr;
  const verboseJson = await apispec(["exec", file, ...vars, "-v", "--output=json"], {
    cwd: ws.dir,
  });
  outputs["exec -v --output=json"] = verboseJson.stdout + verboseJson.stderr;
  const diagnose = await apispec(["diagnose", file, ...vars, "--output=json"], { cwd: ws.dir });
  outputs["diagnose"] = diagnose.stdout + diagnose.stderr;
  const check = await apispec(["check", "api-docs", ...vars, "--report", "html=report.html"], {
    cwd: ws.dir,
  });
  assertEquals(check.code, 1, check.stdout + check.stderr);
  outputs["check"] = check.stdout + check.stderr;
  outputs["report.html"] = await ws.read("report.html");
  await using mcp = await startMcp({ cwd: ws.dir });
  const tool = await mcp.raw("apispec_exec", {
    spec_path: file,
    vars: { s: stripeKey, p: password },
    verbose: true,
  });
  outputs["MCP apispec_exec"] = JSON.stringify(tool);

  // Every run sent the real values, and the API echoed them.
  for (const request of api.requests) {
    assertEquals(JSON.parse(request.body).stripe, stripeKey);
    assertEquals(JSON.parse(request.body).password, password);
  }
  assertNothingShown(outputs);
  // The cut still happens: the diff line of the echoed raw body ends in "…".
  assert(/body\.data: unexpected key with .*\*\*\*\*.*…/.test(outputs["exec --output=console"]));
});

Deno.test("a password a flow's first step sent stays hidden when a later step's answer holds it", async () => {
  await using api = startTestApi((request) =>
    new URL(request.url).pathname === "/login"
      ? jsonResponse({ ok: true })
      : jsonResponse({ log: `fifteen chars.. ${password} and more after it` })
  );
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/auth/login.md": endpoint({
      method: "POST",
      path: "/login",
      request: "POST {{baseUrl}}/login\nContent-Type: application/json\n\n" +
        '{"user": "ada", "password": "{{p}}"}',
    }),
    "apis/users/audit.md": endpoint({
      path: "/audit",
      frontmatter: "response:\n  match: strict\n",
      expected: 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"log": "nothing"}',
    }),
    "flows/audit.md": `---
type: pipeline
name: audit
---
# Audit

## Steps

1. **Log in** -> \`apis/auth/login.md\`
2. **Audit** -> \`apis/users/audit.md\`
   - Assert: \`body.log: equals "nothing"\`
`,
  }));
  const outputs: Record<string, string> = {};
  for (const output of ["console", "json", "junit"]) {
    const run = await apispec(
      ["flow", "api-docs/flows/audit.md", "--var", `p=${password}`, `--output=${output}`],
      { cwd: ws.dir },
    );
    assertEquals(run.code, 1, run.stdout + run.stderr);
    outputs[`flow --output=${output}`] = run.stdout + run.stderr;
  }
  assertEquals(JSON.parse(api.requests[0].body).password, password);
  assertNothingShown(outputs);
  assert(outputs["flow --output=console"].includes('body.log: expected "nothing", got "fifteen'));
});
