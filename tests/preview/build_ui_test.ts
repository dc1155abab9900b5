/**
 * `serve` from a source checkout that was never built: the UI bundle is built
 * on first use instead of exiting 3. Runs on a copy of this checkout without
 * web/dist/, so the suite's own bundle is left alone.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { dirname, join } from "node:path";
import { ROOT } from "../helpers/cli.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

async function checkoutWithoutBundle(into: string): Promise<void> {
  const listed = await new Deno.Command("git", {
    args: ["ls-files", "--cached", "--others", "--exclude-standard", "-z"],
    cwd: ROOT,
    stdout: "piped",
  }).output();
  const files = new TextDecoder().decode(listed.stdout).split("\0").filter((f) =>
    f && !/^(tests|bench|fixtures\/corpora|web\/dist)\//.test(f)
  );
  for (const file of files) {
    await Deno.mkdir(dirname(join(into, file)), { recursive: true });
    await Deno.copyFile(join(ROOT, file), join(into, file)).catch(() => {});
  }
  await Deno.symlink(join(ROOT, "node_modules"), join(into, "node_modules"));
}

Deno.test("serve from an unbuilt source checkout builds web/dist/ first and serves the UI", async () => {
  await using checkout = await workspace();
  await checkoutWithoutBundle(checkout.dir);
  assertEquals(await checkout.exists("web/dist"), false);
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": endpoint(),
  }));
  const serve = await spawnApispec(["serve", "--port", "0"], {
    cwd: ws.dir,
    ready: /(http:\/\/\S+:\d+\/)/,
    root: checkout.dir,
  });
  const page = await fetch(serve.url);
  assertEquals(page.status, 200);
  const html = await page.text();
  const script = /src="(\/assets\/app\.js[^"]*)"/.exec(html)![1];
  const js = await fetch(new URL(script, serve.url));
  assertEquals(js.status, 200);
  assertEquals((await js.text()).length > 1000, true);
  const stopped = await serve.stop("SIGINT");
  assertEquals(stopped.code, 0, stopped.stderr);
  assertStringIncludes(stopped.stderr, "Built the web UI into web/dist/");
  assertEquals(await checkout.exists("web/dist/app.js"), true);
});
