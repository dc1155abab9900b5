/**
 * Bounded work on hostile input (issue #11, part 4): a YAML alias bomb, JSON
 * nested thousands deep, a 1 MB response under `exec -v`, `validate` of a
 * device or a FIFO, and a preview request body that never ends. Each case
 * must end in a clear answer through the real CLI or server; none may hang
 * or overflow the stack. (MCP message sizes: mcp_limits_test.ts.)
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { startTestPreview } from "../helpers/preview.ts";

/** Frontmatter vars whose aliases multiply to 9^9 nodes from a few hundred bytes. */
function aliasBomb(): string {
  const lines = ["vars:", `  a0: &a0 [${Array(9).fill('"lol"').join(",")}]`];
  for (let i = 1; i < 10; i++) {
    lines.push(`  a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(",")}]`);
  }
  return lines.join("\n") + "\n";
}

Deno.test("a YAML alias bomb is refused with file and line; mock and serve skip it and serve the rest", async () => {
  await using api = startTestApi(() => jsonResponse({}));
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/get-bomb.md": endpoint({ path: "/bomb", frontmatter: aliasBomb() }),
    "apis/users/get-user.md": endpoint({
      path: "/users/1",
      expected: 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"id": 1}',
    }),
  }));
  const validate = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(validate.code, 2);
  assertStringIncludes(validate.stderr, "YAML aliases expand to more than 100,000 nodes");
  // The first alias is on line 9: the frontmatter's vars start on line 7.
  assertStringIncludes(validate.stderr, "--> api-docs/apis/users/get-bomb.md:9");

  const exec = await apispec(["exec", "api-docs/apis/users/get-bomb.md"], { cwd: ws.dir });
  assertEquals(exec.code, 2);
  assertEquals(api.requests.length, 0);

  await using mock = await spawnApispec(["mock", "--port=0"], {
    cwd: ws.dir,
    ready: /Listening on (http:\/\/\S+)/,
  });
  const served = await fetch(`${mock.url}/users/1`);
  assertEquals(await served.json(), { id: 1 });
  const skipped = await fetch(`${mock.url}/bomb`);
  await skipped.body?.cancel();
  assertEquals(skipped.status, 404);
  assertStringIncludes(mock.stderr(), "YAML aliases expand");

  await using preview = await startTestPreview(ws.dir);
  const index = await preview.send("GET", "/api/index");
  assertEquals(index.status, 200);
  const titles = (index.body.endpoints as { file: string }[]).map((e) => e.file);
  assert(titles.some((f) => f.endsWith("get-user.md")), JSON.stringify(index.body));
});

function nested(depth: number): string {
  return '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

Deno.test("JSON nested 3,000 deep ends in a depth message, never a stack overflow", async () => {
  const deep = nested(3000);
  await using api = startTestApi(() =>
    new Response(deep, { headers: { "content-type": "application/json" } })
  );
  const expected = 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"a": {"a": 1}}';
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/shape.md": endpoint({ expected }),
    "apis/users/strict.md": endpoint({ expected, frontmatter: "response:\n  match: strict\n" }),
    "apis/users/deep-expected.md": endpoint({
      expected: `HTTP/1.1 200 OK\nContent-Type: application/json\n\n${nested(3000)}`,
    }),
  }));
  for (const spec of ["shape", "strict", "deep-expected"]) {
    const run = await apispec(["exec", `api-docs/apis/users/${spec}.md`, "--output=json"], {
      cwd: ws.dir,
    });
    assertEquals(run.code, 1, `${spec}: ${run.stderr}`);
    const record = json<{ error_type: string; diff: { body: string } }>(run);
    assertEquals(record.error_type, "CONTRACT_MISMATCH");
    assertStringIncludes(record.diff.body, "nests deeper than 256 levels");
  }
  const verbose = await apispec(["exec", "api-docs/apis/users/shape.md", "-v"], { cwd: ws.dir });
  assertEquals(verbose.code, 1, verbose.stderr);
  assert(!verbose.stderr.includes("Maximum call stack"), verbose.stderr);
});

Deno.test("exec -v of a 1 MB response of many lines shows its start, and JSON all of it", async () => {
  const items = Array.from({ length: 60_000 }, (_, i) => ({ n: i }));
  await using api = startTestApi(() => jsonResponse(items));
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/users/list.md": endpoint({ expected: "HTTP/1.1 200 OK" }),
  }));
  const run = await apispec(["exec", "api-docs/apis/users/list.md", "-v"], { cwd: ws.dir });
  assertEquals(run.code, 0, run.stderr.slice(0, 2000));
  assertStringIncludes(run.stdout, '"n": 0');
  assertStringIncludes(run.stdout, "shown; all of it: -v --output=json");
  const whole = await apispec(["exec", "api-docs/apis/users/list.md", "-v", "--output=json"], {
    cwd: ws.dir,
  });
  assertStringIncludes(whole.stdout, '{\\"n\\":59999}');
});

/** Runs the CLI, killing it if it has not finished in time (a hang must fail, not block the suite). */
async function apispecOrKill(args: string[], cwd: string): Promise<{ code: number; err: string }> {
  const { ROOT, baseEnv } = await import("../helpers/cli.ts");
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", `--config=${ROOT}/deno.json`, `${ROOT}/main.ts`, ...args],
    cwd,
    env: baseEnv(),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const guard = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const output = await child.output();
  clearTimeout(guard);
  return { code: output.code, err: new TextDecoder().decode(output.stderr) };
}

Deno.test("validate of a device or a FIFO answers at once instead of reading forever", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9"));
  const zero = await apispecOrKill(["validate", "/dev/zero"], ws.dir);
  assertEquals(zero.code, 2, zero.err);
  assertStringIncludes(zero.err, "character device");

  const fifo = ws.path("api-docs/apis/pipe.md");
  await Deno.mkdir(ws.path("api-docs/apis"), { recursive: true });
  const made = await new Deno.Command("mkfifo", { args: [fifo] }).output();
  assert(made.success, "mkfifo is available");
  const pipe = await apispecOrKill(["validate", fifo], ws.dir);
  assertEquals(pipe.code, 2, pipe.err);
  assertStringIncludes(pipe.err, "a FIFO");
  const exec = await apispecOrKill(["exec", fifo], ws.dir);
  assertEquals(exec.code, 2, exec.err);
});

Deno.test("the preview server stops reading a request body at its 5 MB cap", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9"));
  await using preview = await startTestPreview(ws.dir);
  const total = 64 * 1024 * 1024;
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: preview.server.port });
  const head = `POST /api/run HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${preview.cookie}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`;
  await conn.write(new TextEncoder().encode(head));
  // Writes until the server answers and closes, or the whole body is sent.
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let sent = 0;
  const writing = (async () => {
    try {
      while (sent < total) {
        sent += await conn.write(chunk.subarray(0, Math.min(chunk.length, total - sent)));
      }
    } catch { /* the server closed the connection: it stopped reading */ }
  })();
  const reply = new Uint8Array(4096);
  const n = await conn.read(reply);
  const status = new TextDecoder().decode(reply.subarray(0, n ?? 0)).split("\r\n")[0];
  const sentWhenAnswered = sent;
  try {
    conn.close();
  } catch { /* closed already */ }
  await writing;
  assertEquals(status, "HTTP/1.1 413 Payload Too Large");
  assert(sentWhenAnswered < total, `the server read all ${total} bytes before answering`);
});

Deno.test("a response body that never ends, or declares more than 64 MiB, is a failure with a hint, not a crash", async () => {
  const chunk = new Uint8Array(1024 * 1024).fill(120);
  await using api = startTestApi(() =>
    new Response(new ReadableStream({ pull: (c) => c.enqueue(chunk) }), {
      headers: { "content-type": "text/plain" },
    })
  );
  // Deno.serve sets Content-Length itself, so the server that declares 100 MiB speaks raw HTTP.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const open: Deno.Conn[] = [];
  const accepting = (async () => {
    for await (const conn of listener) {
      open.push(conn);
      await conn.read(new Uint8Array(4096)).catch(() => null);
      await conn.write(new TextEncoder().encode(
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 104857600\r\n\r\nxxxx",
      )).catch(() => {});
    }
  })();
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/files/get-endless.md": endpoint({ path: "/endless", expected: "HTTP/1.1 200 OK" }),
    "apis/files/get-declared.md": endpoint({
      path: "/declared",
      request: `GET http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}/declared`,
      expected: "HTTP/1.1 200 OK",
    }),
  }));
  try {
    for (const name of ["endless", "declared"]) {
      const started = performance.now();
      const run = await apispec([
        "exec",
        `api-docs/apis/files/get-${name}.md`,
        "--output=json",
      ], { cwd: ws.dir });
      assertEquals(run.code, 4, `${name}: ${run.stdout}${run.stderr}`);
      const record = json<{ error_type: string; hint: string }>(run);
      assertEquals(record.error_type, "NETWORK_ERROR");
      assertStringIncludes(record.hint, "larger than 64 MiB");
      assert(performance.now() - started < 20_000, `${name} took too long`);
    }
  } finally {
    listener.close();
    for (const conn of open) {
      try {
        conn.close();
      } catch { /* closed by the client */ }
    }
    await accepting.catch(() => {});
  }
});

Deno.test("a matches rule bounds its work: \\d{1000}x over 1 MB fails saying so, smaller work runs on RE2", async () => {
  // Digits with an x every 500: each start of `\d{1000}x` runs 500 steps before it fails, on
  // either engine (a billion steps in all; V8 took 6 s and RE2 14 s here).
  const body = ("1".repeat(499) + "x").repeat(2000);
  await using api = startTestApi(() =>
    new Response(body, { headers: { "content-type": "text/plain" } })
  );
  const rule = (pattern: string) =>
    endpoint({
      path: "/digits",
      expected: "HTTP/1.1 200 OK",
      sections: `\n## Assertions\n\n- body: matches ${pattern}\n`,
    });
  await using ws = await workspace(collectionFiles(api.url, {
    "apis/x/get-costly.md": rule("\\d{1000}x"),
    "apis/x/get-fine.md": rule("\\d{50}x"),
    "apis/x/get-anchored.md": rule("^\\d{1000}"),
  }));
  const run = (file: string) =>
    apispec(["exec", `api-docs/apis/x/${file}`, "--strict-assertions", "--output=json"], {
      cwd: ws.dir,
    });
  const costly = json<{ assertion_results: { passed: boolean; message: string }[] }>(
    await run("get-costly.md"),
  );
  assertEquals(costly.assertion_results[0].passed, false);
  assertStringIncludes(costly.assertion_results[0].message, "over the bound of 134 million");
  assertStringIncludes(costly.assertion_results[0].message, "(1001 per character)");
  // Counted repetition without ^ goes to RE2, whose work here is 51 steps per character.
  const fine = json<{ passed: boolean }>(await run("get-fine.md"));
  assertEquals(fine.passed, true);
  // With ^ there is one start: V8 runs it, a thousand steps once.
  const anchored = json<{ passed: boolean; assertion_results: { message: string }[] }>(
    await run("get-anchored.md"),
  );
  assertEquals(anchored.passed, false, "499 digits, then an x");
  assert(!anchored.assertion_results[0].message.includes("bound"));
});
