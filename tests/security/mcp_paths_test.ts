/**
 * MCP paths stay in the project (issue 30 item 6), through the official SDK
 * client: every tool's path and `root` argument and the drift and coverage
 * resources refuse `../`, absolute paths elsewhere and committed links out,
 * before reading anything, and with the same answer whether or not a file
 * exists where the path leads.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { startMcp } from "../helpers/mcp.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

const OPENAPI = `openapi: 3.0.3
info: {title: Outside, version: "1"}
paths:
  /secret:
    get:
      responses: {"200": {description: ok}}
`;

/** A project whose collection holds a committed link `apis/x` to a folder outside it. */
async function project() {
  const outside = await workspace({
    "get-secret.md": endpoint({ title: "Outside the project", path: "/secret" }),
    "openapi.yaml": OPENAPI,
    "api-docs/project.md": "---\nname: outside\nversion: 1\n---\n",
  });
  const ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": endpoint(),
    "flows/ok.md": "---\ntype: pipeline\nname: ok\n---\n# Ok\n\n## Steps\n\n" +
      "1. **Get** -> `apis/users/get-user.md`\n",
  }));
  await Deno.symlink(outside.dir, ws.path("api-docs/apis/x"));
  await Deno.symlink(outside.dir, ws.path("linked"));
  return { ws, outside };
}

/** `../` enough times to reach `/` from `dir`. */
function up(dir: string): string {
  return "../".repeat(dir.split("/").length);
}

/** A tool's refusal with the path it names taken out: what it says about the outside. */
function shape(text: string, given: string): string {
  return text.replaceAll(given, "<path>");
}

Deno.test("every MCP tool's path and root stay in the project, saying nothing about what is outside", async () => {
  const { ws, outside } = await project();
  await using _ws = ws;
  await using _outside = outside;
  await using mcp = await startMcp({ cwd: ws.dir });

  // Pairs of paths out of the project: one names a file that exists, the other none.
  const escapes: [string, string][] = [
    ["api-docs/apis/x/get-secret.md", "api-docs/apis/x/get-missing.md"],
    ["apis/x/get-secret.md", "apis/x/get-missing.md"],
    ["linked/get-secret.md", "linked/get-missing.md"],
    [`${outside.dir}/get-secret.md`, `${outside.dir}/get-missing.md`],
    // Out from the working folder and from api-docs/ alike.
    [`${up(ws.dir)}${outside.dir.slice(1)}/get-secret.md`, `${up(ws.dir)}nowhere/get-missing.md`],
  ];
  const calls: [string, (path: string) => Record<string, unknown>][] = [
    ["apispec_exec", (path) => ({ spec_path: path, dry_run: true })],
    ["apispec_vars", (path) => ({ spec_path: path })],
    ["apispec_diagnose", (path) => ({ spec_path: path })],
    ["apispec_history", (path) => ({ spec_path: path })],
    ["apispec_flow", (path) => ({ pipeline_path: path })],
    ["apispec_exec_batch", (path) => ({ specs: ["apis/users/get-user.md", path] })],
    ["apispec_context", (path) => ({ target: path })],
    ["apispec_context", (path) => ({ root: path.replace(/\/get-\w+\.md$/, "") })],
  ];
  for (const [name, args] of calls) {
    for (const [existing, missing] of escapes) {
      const a = await mcp.raw(name, args(existing));
      const b = await mcp.raw(name, args(missing));
      assertEquals(a.isError, true, `${name} ${existing}: ${JSON.stringify(a)}`);
      assertEquals(b.isError, true, `${name} ${missing}: ${JSON.stringify(b)}`);
      const given = (path: string) =>
        name === "apispec_context" && "root" in args(path) ? String(args(path).root) : path;
      assertEquals(
        shape(a.content[0].text, given(existing)),
        shape(b.content[0].text, given(missing)),
        `${name}: the answer tells whether ${existing} exists`,
      );
      assertStringIncludes(a.content[0].text, "outside the project");
      assert(!a.content[0].text.includes("Outside the project"), "the file was read");
    }
  }
  const whole = await mcp.raw("apispec_context", { root: "/" });
  assertEquals(whole.isError, true);
  assertStringIncludes(whole.content[0].text, "outside the project");

  // Inside the project every tool still works.
  const inside = await mcp.call<{ passed: boolean; request: { url: string } }>("apispec_exec", {
    spec_path: "apis/users/get-user.md",
    dry_run: true,
  });
  assertEquals(inside.passed, true);
  const context = await mcp.call<{ text: string }>("apispec_context", {
    target: "api-docs/apis/users/get-user.md",
  });
  assertStringIncludes(context.text, "/users/1");
  const rooted = await mcp.raw("apispec_context", { root: "api-docs" });
  assertEquals(rooted.isError, undefined, JSON.stringify(rooted));
});

Deno.test("MCP drift and coverage resources do not read through a link, and do not say what is outside", async () => {
  const { ws, outside } = await project();
  await using _ws = ws;
  await using _outside = outside;
  await using mcp = await startMcp({ cwd: ws.dir });
  const read = (uri: string) =>
    mcp.client.readResource({ uri }).then(
      (result: unknown) => ({ ok: true, text: JSON.stringify(result) }),
      (error: Error) => ({ ok: false, text: error.message }),
    );
  for (const base of ["apispec://drift/", "apispec://coverage/"]) {
    for (
      const [existing, missing] of [
        ["linked/openapi.yaml", "linked/missing.yaml"],
        ["api-docs/apis/x/openapi.yaml", "api-docs/apis/x/missing.yaml"],
        // Encoded: a URL drops its dot segments before the server sees them.
        [`..%2F${outside.dir.split("/").pop()}/openapi.yaml`, "..%2Fnowhere/missing.yaml"],
      ]
    ) {
      const a = await read(base + existing);
      const b = await read(base + missing);
      assertEquals(a.ok, false, `${base}${existing} was read: ${a.text}`);
      assertEquals(b.ok, false);
      assertEquals(
        shape(a.text, decodeURIComponent(existing)),
        shape(b.text, decodeURIComponent(missing)),
      );
      assertStringIncludes(a.text, "outside the project");
    }
  }
});
