/**
 * `validate`'s per-file cache: results of unchanged files are reused (with
 * their file:line and source), any change is validated again, flows always
 * are, and the cache lives in the user's cache folder, never the project.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, type CliResult } from "../helpers/cli.ts";
import { realDenoDir } from "../helpers/home.ts";
import { sha256Hex } from "../../src/engine/sha256.ts";
import { endpoint, type Workspace, workspace } from "../helpers/workspace.ts";

const GOOD = endpoint({ path: "/users/11" });
/** GOOD with its path made relative: the same length, one error. */
const SAME_SIZE_BROKEN = GOOD.replace("path: /users/11", "path: users/11 ");
const BAD_HEADER = endpoint({ request: "GET {{baseUrl}}/users/1\nbad header line" });

async function setup(files: Record<string, string>) {
  const ws = await workspace(files);
  const cacheHome = await workspace();
  const validate = (...extra: string[]): Promise<CliResult> =>
    apispec(["validate", "api-docs", ...extra], {
      cwd: ws.dir,
      env: { XDG_CACHE_HOME: cacheHome.dir },
    });
  const cacheFiles = async () => {
    const names: string[] = [];
    try {
      for await (const entry of Deno.readDir(cacheHome.path("apispec/validate"))) {
        names.push(entry.name);
      }
    } catch { /* none yet */ }
    return names;
  };
  return {
    ws,
    validate,
    cacheFiles,
    cachePath: (name: string) => cacheHome.path(`apispec/validate/${name}`),
    [Symbol.asyncDispose]: async () => {
      await ws[Symbol.asyncDispose]();
      await cacheHome[Symbol.asyncDispose]();
    },
  };
}

/** Moves every file's modification time an hour back, past the two seconds a time is not trusted. */
async function age(ws: Workspace, relatives: string[]): Promise<void> {
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const relative of relatives) await Deno.utime(ws.path(relative), hourAgo, hourAgo);
}

Deno.test("validate reuses what it found in unchanged files, caret and line included", async () => {
  await using t = await setup({
    "api-docs/apis/users/get-user.md": BAD_HEADER,
    "api-docs/apis/users/list-users.md": endpoint({ path: "/users" }),
  });
  const first = await t.validate();
  assertEquals(first.code, 2, first.stderr);
  assertEquals((await t.cacheFiles()).length, 1);
  assertEquals(await t.ws.exists(".apispec"), false, "nothing is written into the project");
  for (let run = 0; run < 2; run++) {
    const again = await t.validate();
    assertEquals(again.code, 2);
    assertEquals(again.stderr, first.stderr);
    assertStringIncludes(again.stderr, "--> api-docs/apis/users/get-user.md:14");
    assertStringIncludes(again.stderr, "14 | bad header line");
    assertStringIncludes(again.stdout, "2 files checked: 1 error, 0 warnings");
  }
});

Deno.test("validate finds a change made since the last run, and the fix of it", async () => {
  await using t = await setup({ "api-docs/apis/users/get-user.md": endpoint() });
  assertEquals((await t.validate()).code, 0);
  await t.ws.write("api-docs/apis/users/get-user.md", BAD_HEADER);
  const broken = await t.validate();
  assertEquals(broken.code, 2);
  assertStringIncludes(broken.stderr, "--> api-docs/apis/users/get-user.md:14");
  await t.ws.write("api-docs/apis/users/get-user.md", endpoint());
  assertEquals((await t.validate()).code, 0);
});

Deno.test("validate reads a recent file again even when its size and time match", async () => {
  const file = "api-docs/apis/users/get-user.md";
  await using t = await setup({ [file]: GOOD });
  assertEquals((await t.validate()).code, 0);
  assertEquals((await t.validate()).code, 0); // the run that records sizes and times
  const before = await Deno.stat(t.ws.path(file));
  // Same length, same time: what a second write within a coarse clock tick looks like.
  await Deno.writeTextFile(t.ws.path(file), SAME_SIZE_BROKEN);
  await Deno.utime(t.ws.path(file), before.atime!, before.mtime!);
  assertEquals((await Deno.stat(t.ws.path(file))).size, before.size);
  const result = await t.validate();
  assertEquals(result.code, 2, result.stdout);
  assertStringIncludes(result.stderr, 'Field "path" must start with "/"');
});

Deno.test("validate reads every file on every run: an old file rewritten with its time put back is checked", async () => {
  const file = "api-docs/apis/users/get-user.md";
  await using t = await setup({ [file]: GOOD });
  await age(t.ws, [file]);
  assertEquals((await t.validate()).code, 0);
  assertEquals((await t.validate()).code, 0);
  const before = await Deno.stat(t.ws.path(file));
  // Rewritten in place with its time put back: only reading the file can tell.
  await Deno.writeTextFile(t.ws.path(file), SAME_SIZE_BROKEN);
  await Deno.utime(t.ws.path(file), before.atime!, before.mtime!);
  const result = await t.validate();
  assertEquals(result.code, 2);
  assertStringIncludes(result.stderr, 'Field "path" must start with "/"');
});

Deno.test("validate checks flows every time: they depend on the files they name", async () => {
  const endpointFile = "api-docs/apis/users/get-user.md";
  await using t = await setup({
    [endpointFile]: endpoint(),
    "api-docs/flows/read.md":
      "---\ntype: pipeline\n---\n## Steps\n\n1. **Read** -> `apis/users/get-user.md`\n",
  });
  await age(t.ws, [endpointFile, "api-docs/flows/read.md"]);
  assertEquals((await t.validate()).code, 0);
  assertEquals((await t.validate()).code, 0);
  await Deno.remove(t.ws.path(endpointFile));
  const result = await t.validate("--output=json");
  assertEquals(result.code, 2);
  const report = JSON.parse(result.stdout) as { files: number; issues: { message: string }[] };
  assertEquals(report.files, 1);
  assert(
    report.issues.some((i) => i.message.includes("apis/users/get-user.md, which does not exist")),
    result.stdout,
  );
});

Deno.test("validate warns about duplicate routes from remembered files too", async () => {
  const files = ["api-docs/apis/users/get-user.md", "api-docs/apis/users/get-user-again.md"];
  await using t = await setup(Object.fromEntries(files.map((f) => [f, endpoint()])));
  await age(t.ws, files);
  for (let run = 0; run < 3; run++) {
    const result = await t.validate();
    assertEquals(result.code, 0);
    assertStringIncludes(result.stdout, "2 files checked: 0 errors, 1 warning");
    assertStringIncludes(result.stderr, "GET /users/1");
  }
});

Deno.test("validate starts cold from a damaged cache, and --no-cache writes none", async () => {
  await using t = await setup({ "api-docs/apis/users/get-user.md": BAD_HEADER });
  assertEquals((await t.validate("--no-cache")).code, 2);
  assertEquals(await t.cacheFiles(), []);
  assertEquals((await t.validate()).code, 2);
  const [name] = await t.cacheFiles();
  // Whatever is in the file, a run validates from the files themselves.
  const key = JSON.parse(await Deno.readTextFile(t.cachePath(name))).key;
  const damages = ["{", "null", '{"format":3,"files":[]}', '{"format":3,"files":{"x":1}}'];
  // Parseable and keyed right, but what no version writes: an entry hiding the file's error.
  const hash = sha256Hex(BAD_HEADER);
  for (const entry of [[hash, "endpoint", [1]], [hash, "endpoint", [{ code: 1 }]]]) {
    const files = { "api-docs/apis/users/get-user.md": entry };
    damages.push(JSON.stringify({ format: 3, key, cwd: t.ws.dir, files }));
  }
  for (const damage of damages) {
    await Deno.writeTextFile(t.cachePath(name), damage);
    const result = await t.validate();
    assertEquals(result.code, 2, damage);
    assertStringIncludes(result.stderr, "14 | bad header line");
  }
});

Deno.test("validate without a home folder keeps no cache, and writes nothing beside the files", async () => {
  await using ws = await workspace({ "api-docs/apis/users/get-user.md": BAD_HEADER });
  const env = { DENO_DIR: realDenoDir() };
  for (let run = 0; run < 2; run++) {
    const result = await apispec(["validate", "api-docs"], {
      cwd: ws.dir,
      env,
      unset: ["HOME", "XDG_CACHE_HOME"],
    });
    assertEquals(result.code, 2, result.stderr);
    assertStringIncludes(result.stderr, "14 | bad header line");
  }
  const entries = [];
  for await (const entry of Deno.readDir(ws.dir)) entries.push(entry.name);
  assertEquals(entries, ["api-docs"]);
});
