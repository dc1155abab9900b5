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
  // The kept demo is green under check (issue 27): delete-user.md is left to its flow.
  const check = await apispec(["check", "api-docs", "--report", "json"], {
    cwd: ws.path("demo"),
    env: { APISPEC_AUTH_TOKEN: token },
  });
  assertEquals(check.code, 0, check.stdout + check.stderr);
  const report = JSON.parse(check.stdout);
  assertEquals(report.summary, { total: 9, passed: 8, failed: 0, skipped: 1 });
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
