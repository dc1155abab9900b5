/**
 * `deno task compile` fails clearly when it cannot get denort, naming
 * DENORT_BIN, and never with Deno's bare download error. (This network cannot
 * fetch denort, so the success path runs in the release workflow.)
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { join } from "node:path";
import { closedPort } from "../helpers/api.ts";
import { baseEnv, ROOT } from "../helpers/cli.ts";
import { realDenoDir } from "../helpers/home.ts";
import { run } from "../helpers/run.ts";
import { workspace } from "../helpers/workspace.ts";

function compile(args: string[], env: Record<string, string>) {
  const script = [`--config=${ROOT}/deno.json`, `${ROOT}/scripts/compile.ts`];
  return run(Deno.execPath(), ["run", "-A", "--quiet", ...script, ...args], {
    env: { ...baseEnv(), ...env },
  });
}

Deno.test("compile refuses a DENORT_BIN that does not exist, before building anything", async () => {
  await using ws = await workspace();
  const result = await compile(["--target=host", `--out=${ws.path("dist")}`], {
    DENORT_BIN: ws.path("missing/denort"),
  });
  assertEquals(result.code, 1);
  assertStringIncludes(result.stderr, `error: DENORT_BIN points at ${ws.path("missing/denort")}`);
  assertStringIncludes(result.stderr, "fix: Unzip denort-");
  assertEquals(await ws.exists("dist"), false);
});

Deno.test("compile refuses DENORT_BIN pointing at the deno CLI (the result would run as deno)", async () => {
  const result = await compile(["--target=host", "--out=dist-never"], {
    DENORT_BIN: Deno.execPath(),
  });
  assertEquals(result.code, 1);
  assertStringIncludes(result.stderr, "DENORT_BIN points at the deno CLI");
});

Deno.test("compile needs {target} in DENORT_BIN to build several targets", async () => {
  const result = await compile(["--out=dist-never"], { DENORT_BIN: "/opt/denort/denort" });
  assertEquals(result.code, 1);
  assertStringIncludes(result.stderr, "DENORT_BIN names one denort binary, but 5 targets");
  assertStringIncludes(result.stderr, "DENORT_BIN (/opt/denort/denort-{target})");
});

Deno.test("compile rejects an unknown target and lists the release targets", async () => {
  const result = await compile(["--target=sparc-sun-solaris"], {});
  assertEquals(result.code, 1);
  assertStringIncludes(result.stderr, "Unknown target sparc-sun-solaris");
  assertStringIncludes(result.stderr, "x86_64-pc-windows-msvc");
});

const cachedDenort = join(
  realDenoDir(),
  "dl",
  "release",
  `v${Deno.version.deno}`,
  `denort-${Deno.build.target}.zip`,
);

Deno.test({
  name: "compile turns a failed denort download into an error naming DENORT_BIN",
  // With denort already in Deno's cache nothing is downloaded; this case cannot happen.
  ignore: await Deno.stat(cachedDenort).then(() => true, () => false),
  fn: async () => {
    await using ws = await workspace();
    const proxy = `http://127.0.0.1:${closedPort()}`;
    const result = await compile(["--target=host", `--out=${ws.path("dist")}`], {
      DENO_DIR: realDenoDir(),
      HTTPS_PROXY: proxy,
      https_proxy: proxy,
    });
    assertEquals(result.code, 1);
    assertStringIncludes(result.stderr, `could not download denort for ${Deno.build.target}`);
    assertStringIncludes(result.stderr, "set DENORT_BIN=/path/to/denort");
    assertEquals(result.stderr.includes("Stack backtrace"), false, result.stderr);
  },
});
