/**
 * `check --report html=<file>` through the real CLI over the demo: stdout
 * stays empty (the page is the summary), and the
 * page shows messages' `code spans` as code, never as literal backticks.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { demoProject, WRONG_SHAPE, WRONG_SHAPE_SPEC } from "../helpers/demo.ts";

Deno.test("check --report html=<file>: nothing on stdout, no literal backticks in the page", async () => {
  await using demo = await demoProject({ [`api-docs/${WRONG_SHAPE}`]: WRONG_SHAPE_SPEC });
  const run = await apispec(["check", "api-docs", "--report", "html=out/report.html"], {
    cwd: demo.ws.dir,
    env: { APISPEC_AUTH_TOKEN: demo.api.token },
  });
  assertEquals(run.code, 1, run.stderr);
  assertEquals(run.stdout, "");
  const html = await demo.ws.read("out/report.html");
  // What a reader sees: the text outside tags, pre blocks (request bodies, diffs) aside.
  const text = html.replace(/<style>[\s\S]*?<\/style>/g, "").replace(/<pre[\s\S]*?<\/pre>/g, "")
    .replace(/<[^>]+>/g, "");
  assert(
    !text.includes("`"),
    text.slice(Math.max(0, text.indexOf("`") - 80), text.indexOf("`") + 80),
  );
  assertStringIncludes(html, "<code>apispec exec");
});
