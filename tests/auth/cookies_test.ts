/**
 * Cookies through the real CLI and MCP server against a loopback API that
 * logs in with a `Set-Cookie` session: one jar per flow (sub-flows
 * included), per check and per batch; `exec` of one file starts empty;
 * `cookies: false` opts out; `response.cookies.<name>` captures and
 * `cookie.<name>` assertions; the session value never reaches the output.
 */
import { assertEquals } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile, type FlowJson, outcomes } from "../flow/helpers.ts";
import { startMcp } from "../helpers/mcp.ts";
import { cookieApi, SESSION } from "../helpers/auth_api.ts";

const LOGIN = endpoint({
  method: "POST",
  path: "/login",
  resource: "session",
  expected: "HTTP/1.1 200 OK",
  sections: "\n## Assertions\n\n- cookie.sid: exists\n- cookie.sid.httponly: true\n" +
    "- cookie.sid.samesite: Lax\n- cookie.sid.path: /\n- cookie.theme: dark\n" +
    "- cookie.missing: not exists\n",
});
const ME = endpoint({ path: "/me", resource: "session", expected: "HTTP/1.1 200 OK" });
const ME_NO_COOKIES = endpoint({
  path: "/me",
  resource: "session",
  frontmatter: "cookies: false\n",
  expected: "HTTP/1.1 401 Unauthorized",
});

async function project(url: string) {
  return await workspace(collectionFiles(url, {
    "apis/session/post-login.md": LOGIN,
    "apis/session/get-me.md": ME,
    "apis/session/get-me-no-cookies.md": ME_NO_COOKIES,
    "flows/me.md": flowFile([{ name: "Me", endpoint: "apis/session/get-me.md" }]),
    "flows/login.md": flowFile([
      {
        name: "Log in",
        endpoint: "apis/session/post-login.md",
        lines: ["Capture: `response.cookies.sid` as `session`", "Assert: `cookie.sid: exists`"],
      },
      { name: "Who am I", endpoint: "flows/me.md" },
      { name: "Opted out", endpoint: "apis/session/get-me-no-cookies.md" },
    ]),
  }));
}

function noSecret(text: string) {
  assertEquals(text.includes(SESSION), false, `the session cookie leaked:\n${text}`);
}

Deno.test("a flow keeps cookies for its steps and sub-flows; cookies: false opts out", async () => {
  await using api = cookieApi();
  await using ws = await project(api.url);
  const result = await apispec(["flow", "api-docs/flows/login.md", "--output=json", "-v"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stdout + result.stderr);
  const output = json<FlowJson>(result);
  assertEquals(outcomes(output.steps), [
    "Log in: passed",
    "Who am I › Me: passed",
    "Opted out: passed",
  ]);
  // The sub-flow's request carried the session; the opted-out one carried nothing.
  assertEquals(api.seen.map((s) => `${s.path} ${s.cookie ?? "-"}`), [
    "/login -",
    `/me sid=${SESSION}`,
    "/me -",
  ]);
  assertEquals(output.captures.session, "****");
  noSecret(result.stdout + result.stderr);
});

Deno.test("exec of one file starts with an empty jar; cookie assertions read Set-Cookie", async () => {
  await using api = cookieApi();
  await using ws = await project(api.url);
  const login = await apispec(
    ["exec", "api-docs/apis/session/post-login.md", "--output=json", "--strict-assertions", "-v"],
    { cwd: ws.dir },
  );
  assertEquals(login.code, 0, login.stdout + login.stderr);
  const record = json<{ assertion_results: { passed: boolean; rule: string }[] }>(login);
  assertEquals(record.assertion_results.filter((a) => !a.passed), []);
  assertEquals(record.assertion_results.length, 6);
  noSecret(login.stdout + login.stderr);
  const me = await apispec(["exec", "api-docs/apis/session/get-me.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(me.code, 1);
  assertEquals(json<{ error_type: string }>(me).error_type, "AUTH_FAILED");
  assertEquals(api.seen.at(-1), { path: "/me", cookie: null });
});

Deno.test("check shares one jar between its flows and endpoints", async () => {
  await using api = cookieApi();
  await using ws = await project(api.url);
  // flows/login.md logs in; flows/me.md, run after it, passes only with the login's cookie.
  const result = await apispec(["check", "api-docs/flows"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stdout + result.stderr);
  const withSession = api.seen.filter((s) => s.path === "/me" && s.cookie === `sid=${SESSION}`);
  assertEquals(withSession.length, 2, JSON.stringify(api.seen));
  noSecret(result.stdout + result.stderr);
});

Deno.test("apispec_exec_batch shares one jar between the files of the batch", async () => {
  await using api = cookieApi();
  await using ws = await project(api.url);
  await using mcp = await startMcp({ cwd: ws.dir });
  const batch = await mcp.call<{ summary: { passed: number; failed: number } }>(
    "apispec_exec_batch",
    { specs: ["api-docs/apis/session/post-login.md", "api-docs/apis/session/get-me.md"] },
  );
  assertEquals(batch.summary, { ...batch.summary, passed: 2, failed: 0 });
  assertEquals(api.seen.map((s) => s.path), ["/login", "/me"]);
  assertEquals(api.seen[1].cookie, `sid=${SESSION}`);
  noSecret(JSON.stringify(batch));
});
