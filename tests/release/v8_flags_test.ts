/** The V8 flags the release binary embeds are flags this Deno's V8 knows, and apispec runs under them. */
import { assertEquals } from "@std/assert";
import { baseEnv, ROOT } from "../helpers/cli.ts";
import { run } from "../helpers/run.ts";
import { V8_FLAGS_ARG } from "../../scripts/release/v8_flags.ts";

Deno.test("apispec runs under the release binary's V8 flags", async () => {
  const result = await run(Deno.execPath(), [
    "run",
    "-A",
    "--quiet",
    V8_FLAGS_ARG,
    `--config=${ROOT}/deno.json`,
    `${ROOT}/main.ts`,
    "version",
  ], { env: baseEnv() });
  assertEquals([result.code, result.stderr], [0, ""]);
  assertEquals(result.stdout.startsWith("apispec "), true);
});
