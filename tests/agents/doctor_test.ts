/** `doctor` and `doctor --fix` through the real CLI, in a real git repository and outside one. */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { tempHome } from "../helpers/home.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { VERSION } from "../../src/version.ts";
import { git } from "../helpers/git.ts";

const STALE_SKILL =
  "---\nname: apispec\n---\n<!-- apispec 0.0.1: written by `apispec skills install`; -->\nold\n";

Deno.test("doctor fails on missing ignore entries and a stale skill; --fix mends both (git repo)", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": endpoint(),
    ".claude/skills/apispec/SKILL.md": STALE_SKILL,
  }));
  await using home = await tempHome();
  await git(ws.dir, "init", "-q", ".");
  const opts = { cwd: ws.dir, env: home.env };

  const before = await apispec(["doctor"], opts);
  assertEquals(before.code, 1, before.stderr);
  for (
    const line of [
      "✓ api-docs/ found",
      "✓ 3 files in api-docs/ validate",
      "✗ .env.local is not gitignored",
      "✗ .apispec/history/ is not gitignored",
      "✗ .apispec/proxy.json is not gitignored",
      "✗ .apispec/exchanges/ is not gitignored",
      "✗ api-docs/_shared/env.md is not gitignored",
      '    fix: Run `apispec doctor --fix` (adds "/_shared/env.md" to api-docs/.gitignore)',
      "✓ Agents detected: claude-code (.claude/)",
      `✗ claude-code skill is stale (written by 0.0.1; this binary is ${VERSION})`,
      "! claude-code MCP server not configured (.mcp.json)",
      "3 checks passed, 6 failed, 1 warning",
    ]
  ) {
    assertStringIncludes(before.stdout, line);
  }

  const fixed = await apispec(["doctor", "--fix"], opts);
  assertEquals(fixed.code, 0, fixed.stdout + fixed.stderr);
  for (
    const line of [
      'added ".env.local" to .gitignore',
      'added ".apispec/history/" to .gitignore',
      'added ".apispec/proxy.json" to .gitignore',
      'added ".apispec/exchanges/" to .gitignore',
      'added "/_shared/env.md" to api-docs/.gitignore',
      `updated .claude/skills/apispec/SKILL.md (claude-code, ${VERSION})`,
      "✓ .env.local is gitignored",
      `✓ claude-code skill is current (${VERSION})`,
      "9 checks passed, 0 failed, 1 warning",
    ]
  ) {
    assertStringIncludes(fixed.stdout, line);
  }
  assertEquals(
    await ws.read(".gitignore"),
    ".env.local\n.apispec/history/\n.apispec/proxy.json\n.apispec/exchanges/\n",
  );
  assertEquals(await ws.read("api-docs/.gitignore"), "/_shared/env.md\n");

  const after = await apispec(["doctor", "--output=json"], opts);
  assertEquals(after.code, 0);
  const report = json<{ passed: boolean; checks: { id: string; status: string }[] }>(after);
  assertEquals(report.passed, true);
  assertEquals(report.checks.filter((c) => c.status === "fail"), []);
});

Deno.test("doctor reports an invalid spec; --fix cannot mend it and still exits 1", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": endpoint({ frontmatter: "protocol: gopher\n" }).replace(
      "protocol: http\n",
      "",
    ),
    ".gitignore": ".env.local\n.apispec/history/\n.apispec/proxy.json\n.apispec/exchanges/\n",
    "api-docs/.gitignore": "/_shared/env.md\n",
  }));
  await using home = await tempHome();
  await git(ws.dir, "init", "-q", ".");
  const result = await apispec(["doctor", "--fix"], { cwd: ws.dir, env: home.env });
  assertEquals(result.code, 1);
  assertStringIncludes(
    result.stdout,
    "✗ 1 error in api-docs/; first: api-docs/apis/users/get-user.md:",
  );
  assertStringIncludes(result.stdout, "fix: Run `apispec validate api-docs` and fix each error");
  assertStringIncludes(result.stdout, "! No coding agent detected");
});

Deno.test("doctor sees a committed .env.local even when .gitignore lists it", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    ".env.local": "API_KEY=x\n",
    "api-docs/.gitignore": "/_shared/env.md\n",
  }));
  await using home = await tempHome();
  await git(ws.dir, "init", "-q", ".");
  await git(ws.dir, "add", ".env.local");
  await git(ws.dir, "commit", "-q", "-m", "oops");
  await ws.write(
    ".gitignore",
    ".env.local\n.apispec/history/\n.apispec/proxy.json\n.apispec/exchanges/\n",
  );
  const result = await apispec(["doctor"], { cwd: ws.dir, env: home.env });
  assertEquals(result.code, 1);
  assertStringIncludes(result.stdout, "✗ .env.local is ignored but already committed");
  assertStringIncludes(result.stdout, "fix: Run `git rm -r --cached .env.local` and commit");
});

Deno.test("doctor reads the ignore files itself outside a git repository", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    ".gitignore": "*.local\n.apispec/\n",
    "api-docs/.gitignore": "_shared/env.md\n",
  }));
  await using home = await tempHome();
  const result = await apispec(["doctor"], { cwd: ws.dir, env: home.env });
  assertEquals(result.code, 0, result.stdout);
  for (
    const path of [
      ".env.local",
      ".apispec/history/",
      ".apispec/proxy.json",
      ".apispec/exchanges/",
      "api-docs/_shared/env.md",
    ]
  ) {
    assertStringIncludes(result.stdout, `✓ ${path} is gitignored`);
  }
});

Deno.test("doctor without a collection fails and points at init", async () => {
  await using ws = await workspace({ "README.md": "# app\n" });
  await using home = await tempHome();
  const result = await apispec(["doctor"], { cwd: ws.dir, env: home.env });
  assertEquals(result.code, 1);
  assertStringIncludes(result.stdout, "✗ api-docs/ not found");
  assertStringIncludes(result.stdout, "fix: Run `apispec init`");
});

Deno.test("doctor lists what interrupted writes left behind; --fix removes only those", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": endpoint(),
    // An import killed while staging a folder, and a killed write through a temp file.
    "api-docs/apis/.orders.1a2b3c4d.tmp/get-order.md": endpoint({ path: "/orders/1" }),
    "api-docs/apis/users/get-user.md.deadbeef.tmp": endpoint(),
    ".apispec/history/apis/users/get-user.jsonl.0badf00d.tmp": "{}\n",
    // A write under way (too recent) and a file that only looks alike.
    "api-docs/apis/users/list-users.md.abcdef01.tmp": endpoint(),
    "api-docs/apis/users/notes.tmp": "kept\n",
    ".gitignore": ".env.local\n.apispec/history/\n.apispec/proxy.json\n.apispec/exchanges/\n",
    "api-docs/.gitignore": "/_shared/env.md\n",
  }));
  await using outside = await workspace({ "precious.md": "mine\n" });
  await Deno.symlink(outside.dir, ws.path("api-docs/apis/.linked.12345678.tmp"));
  const old = new Date(Date.now() - 3_600_000);
  for (
    const path of [
      "api-docs/apis/.orders.1a2b3c4d.tmp",
      "api-docs/apis/users/get-user.md.deadbeef.tmp",
      ".apispec/history/apis/users/get-user.jsonl.0badf00d.tmp",
      "api-docs/apis/users/notes.tmp",
    ]
  ) await Deno.utime(ws.path(path), old, old);
  await using home = await tempHome();
  await git(ws.dir, "init", "-q", ".");
  const opts = { cwd: ws.dir, env: home.env };

  const report = await apispec(["doctor"], opts);
  assertEquals(report.code, 0, report.stdout);
  assertStringIncludes(
    report.stdout,
    "! 3 temp files or folders left by an interrupted write (over 10 minutes old): " +
      ".apispec/history/apis/users/get-user.jsonl.0badf00d.tmp, " +
      "api-docs/apis/.orders.1a2b3c4d.tmp, api-docs/apis/users/get-user.md.deadbeef.tmp",
  );
  assertStringIncludes(report.stdout, "fix: Run `apispec doctor --fix` to remove them");

  const fixed = await apispec(["doctor", "--fix"], opts);
  assertEquals(fixed.code, 0, fixed.stdout + fixed.stderr);
  assertStringIncludes(fixed.stdout, "removed api-docs/apis/.orders.1a2b3c4d.tmp");
  assertEquals(fixed.stdout.includes("left by an interrupted write"), false, fixed.stdout);
  for (
    const gone of [
      "api-docs/apis/.orders.1a2b3c4d.tmp",
      "api-docs/apis/users/get-user.md.deadbeef.tmp",
      ".apispec/history/apis/users/get-user.jsonl.0badf00d.tmp",
    ]
  ) assertEquals(await ws.exists(gone), false, gone);
  for (
    const kept of [
      "api-docs/apis/users/list-users.md.abcdef01.tmp",
      "api-docs/apis/users/notes.tmp",
      "api-docs/apis/.linked.12345678.tmp",
    ]
  ) assertEquals(await ws.exists(kept), true, kept);
  assertEquals(await outside.read("precious.md"), "mine\n");
});
