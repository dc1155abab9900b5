/**
 * Session state and the tool server's variable order (SPEC.md): tool vars >
 * session vars > OS APISPEC_/ALTSPEC_ > .env.local > env.md; explicit env >
 * session env > project default-env > dev.
 */
import { assertEquals } from "@std/assert";
import { closedPort, jsonResponse, startTestApi } from "../helpers/api.ts";
import { startMcp } from "../helpers/mcp.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

/** An API that echoes the X-Probe header, and a spec that sends `{{probe}}` in it. */
function probeApi() {
  return startTestApi((request) => jsonResponse({ probe: request.headers.get("x-probe") }));
}
const probeSpec = endpoint({
  path: "/probe",
  request: "GET {{baseUrl}}/probe\nX-Probe: {{probe}}",
});

interface VarsReport {
  variables: { name: string; source?: string }[];
}
const sourceOf = (report: VarsReport) => report.variables.find((v) => v.name === "probe")?.source;

Deno.test("tool vars beat session vars, which beat ALTSPEC_, which beats .env.local and env.md", async () => {
  await using api = probeApi();
  await using ws = await workspace(collectionFiles(api.url, {
    "_shared/env.md": "## dev\n\n```yaml\nprobe: from-env-md\n```\n",
    ".env.local": "probe=from-dotenv\n",
    "apis/probe/get-probe.md": probeSpec,
  }));
  await using mcp = await startMcp({ cwd: ws.dir, env: { ALTSPEC_PROBE: "from-os" } });
  const spec = { spec_path: "apis/probe/get-probe.md" };
  const sent = async (vars: Record<string, string> = {}) => {
    await mcp.call("apispec_exec", { ...spec, vars });
    return api.requests.at(-1)?.headers["x-probe"];
  };

  assertEquals(sourceOf(await mcp.call<VarsReport>("apispec_vars", spec)), "ALTSPEC_PROBE");
  assertEquals(await sent(), "from-os");

  await mcp.call("apispec_session", { action: "set", vars: { probe: "from-session" } });
  assertEquals(sourceOf(await mcp.call<VarsReport>("apispec_vars", spec)), "session");
  assertEquals(await sent(), "from-session");
  assertEquals(await sent({ probe: "from-tool" }), "from-tool");

  await mcp.call("apispec_session", { action: "set", vars: { probe: null } });
  assertEquals(await sent(), "from-os");
});

Deno.test("APISPEC_ beats ALTSPEC_; without OS variables .env.local beats env.md", async () => {
  await using api = probeApi();
  await using ws = await workspace(collectionFiles(api.url, {
    "_shared/env.md": "## dev\n\n```yaml\nprobe: from-env-md\n```\n",
    ".env.local": "PROBE=from-dotenv\n",
    "apis/probe/get-probe.md": probeSpec,
  }));
  const spec = { spec_path: "apis/probe/get-probe.md" };
  {
    await using mcp = await startMcp({
      cwd: ws.dir,
      env: { APISPEC_PROBE: "from-apispec", ALTSPEC_PROBE: "from-altspec" },
    });
    assertEquals(sourceOf(await mcp.call<VarsReport>("apispec_vars", spec)), "APISPEC_PROBE");
  }
  {
    await using mcp = await startMcp({ cwd: ws.dir });
    assertEquals(sourceOf(await mcp.call<VarsReport>("apispec_vars", spec)), ".env.local");
    await Deno.remove(ws.path(".env.local"));
    assertEquals(
      sourceOf(await mcp.call<VarsReport>("apispec_vars", spec)),
      "api-docs/_shared/env.md [dev]",
    );
  }
});

Deno.test("apispec_session keeps env and vars in memory, masks secrets, and explicit env wins", async () => {
  await using api = startTestApi(() => jsonResponse({ ok: true }));
  const dead = `http://127.0.0.1:${closedPort()}`;
  const files = collectionFiles(dead, { "apis/users/get-user.md": endpoint() });
  files["api-docs/_shared/env.template.md"] +=
    `\n## staging\n\n\`\`\`yaml\nbaseUrl: ${api.url}\n\`\`\`\n`;
  await using ws = await workspace(files);
  await using mcp = await startMcp({ cwd: ws.dir });
  const spec = { spec_path: "apis/users/get-user.md" };

  assertEquals(await mcp.call("apispec_session", { action: "get" }), { env: null, vars: {} });
  assertEquals((await mcp.call("apispec_exec", spec)).error_type, "NETWORK_ERROR");

  const view = await mcp.call("apispec_session", {
    action: "set",
    env: "staging",
    vars: { authToken: "tok_0d9a8e7f6c5b", userId: 7 },
  });
  assertEquals(view, { env: "staging", vars: { authToken: "****", userId: "7" } });
  assertEquals((await mcp.call("apispec_exec", spec)).passed, true);
  assertEquals((await mcp.call("apispec_vars", spec)).env, "staging");
  // An explicit env beats the session's.
  assertEquals(
    (await mcp.call("apispec_exec", { ...spec, env: "dev" })).error_type,
    "NETWORK_ERROR",
  );

  await mcp.call("apispec_session", { action: "set", env: "" });
  assertEquals((await mcp.call("apispec_session", { action: "get" })).env, null);
  const misuse = await mcp.raw("apispec_session", { action: "get", env: "dev" });
  assertEquals(misuse.isError, true);
  // Nothing of the session reaches the disk: only the runs' history is written.
  assertEquals([...Deno.readDirSync(ws.path(".apispec"))].map((e) => e.name), ["history"]);
  const written = new TextDecoder().decode(
    (await new Deno.Command("grep", { args: ["-r", "tok_0d9a8e7f6c5b", ws.path(".apispec")] })
      .output()).stdout,
  );
  assertEquals(written, "");
});

Deno.test("without env or session env, tools use the project's default-env", async () => {
  await using api = startTestApi(() => jsonResponse({ ok: true }));
  const files = collectionFiles(`http://127.0.0.1:${closedPort()}`, {
    "apis/users/get-user.md": endpoint(),
  });
  files["api-docs/project.md"] = "---\nname: test\nversion: 1\ndefault-env: staging\n---\n";
  files["api-docs/_shared/env.template.md"] +=
    `\n## staging\n\n\`\`\`yaml\nbaseUrl: ${api.url}\n\`\`\`\n`;
  await using ws = await workspace(files);
  await using mcp = await startMcp({ cwd: ws.dir });
  const record = await mcp.call("apispec_exec", { spec_path: "apis/users/get-user.md" });
  assertEquals(record.passed, true);
  assertEquals(api.requests.length, 1);
});
