/** `demo --serve --keep <dir>`: the demo API keeps answering, so the kept collection runs. */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { workspace } from "../helpers/workspace.ts";

Deno.test("demo --serve keeps the demo API running for the kept collection until Ctrl-C", async () => {
  await using ws = await workspace();
  const demo = await spawnApispec(["demo", "--keep", ws.path("demo"), "--serve"], {
    cwd: ws.dir,
    ready: /Demo API running at (http:\/\/\S+)/,
  });
  const token = /export APISPEC_AUTH_TOKEN=(\S+)/.exec(demo.stdout())![1];
  const exec = await apispec(["exec", "api-docs/apis/users/get-user-by-id.md"], {
    cwd: ws.path("demo"),
    env: { APISPEC_AUTH_TOKEN: token },
  });
  assertEquals(exec.code, 0, exec.stdout + exec.stderr);
  assertStringIncludes(await ws.read("demo/api-docs/_shared/env.template.md"), demo.url);
  const stopped = await demo.stop("SIGINT");
  assertEquals(stopped.code, 0, stopped.stderr);
  assertStringIncludes(stopped.stdout, "passed, 0 failed");
  const gone = await apispec(["exec", "api-docs/apis/users/get-user-by-id.md"], {
    cwd: ws.path("demo"),
    env: { APISPEC_AUTH_TOKEN: token },
  });
  assertEquals(gone.code, 4);
});
