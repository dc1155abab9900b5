/** The V8 flags the release binary embeds are flags this Deno's V8 knows, and apispec runs under them. */
import { assertEquals } from "@std/assert";
import { baseEnv, ROOT } from "../helpers/cli.ts";
import { V8_FLAGS_ARG } from "../../scripts/release/v8_flags.ts";

Deno.test("apispec runs under the release binary's V8 flags", async () => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      V8_FLAGS_ARG,
      `--config=${ROOT}/deno.json`,
      `${ROOT}/main.ts`,
      "version",
    ],
    env: baseEnv(),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  assertEquals([output.code, stderr], [0, ""]);
  assertEquals(new TextDecoder().decode(output.stdout).startsWith("apispec "), true);
});
