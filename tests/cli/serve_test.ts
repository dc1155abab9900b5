/** `apispec serve` as a process: startup, the 0.0.0.0 warning, busy port, missing workspace, Ctrl-C. */
import { assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

/** Starts `apispec serve` and reads its output until the URL line. */
function startServe(args: string[], cwd: string) {
  return spawnApispec(["serve", ...args], { cwd, ready: /(http:\/\/\S+:\d+\/)/ });
}

Deno.test("serve prints its URL, answers, and exits 0 on Ctrl-C", async () => {
  await using ws = await workspace(
    collectionFiles("http://127.0.0.1:9", { "apis/users/get-user.md": endpoint() }),
  );
  const serve = await startServe(["--port", "0"], ws.dir);
  assertMatch(serve.url!, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  const index = await (await fetch(`${serve.url}api/index`)).json();
  assertEquals(index.count, 1);
  const result = await serve.stop("SIGINT");
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(result.stdout, "Press Ctrl-C to stop");
});

Deno.test("serve --host 0.0.0.0 warns that the preview is exposed", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9"));
  const serve = await startServe([ws.dir, "--host", "0.0.0.0", "--port", "0"], ws.dir);
  const result = await serve.stop("SIGTERM");
  assertEquals(result.code, 0);
  assertStringIncludes(result.stderr, "--host 0.0.0.0 exposes the preview to your network");
});

Deno.test("serve on a busy port exits 3 naming the port", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9"));
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  try {
    const result = await apispec(["serve", "--port", String(port)], { cwd: ws.dir });
    assertEquals(result.code, 3);
    assertStringIncludes(result.stderr, `Port ${port} is already in use`);
  } finally {
    listener.close();
  }
});

Deno.test("serve without an api-docs folder exits 3 with a fix", async () => {
  await using ws = await workspace({ "readme.txt": "nothing here\n" });
  const result = await apispec(["serve", ws.dir, "--port", "0"], { cwd: ws.dir });
  assertEquals(result.code, 3);
  assertStringIncludes(result.stderr, "No api-docs/ folder");
  assertStringIncludes(result.stderr, "apispec init");
});
