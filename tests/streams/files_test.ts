/**
 * BEYOND §9 "Files" through the real CLI against a real loopback API: request
 * bodies from files, multipart forms in curl's syntax, binary answers compared
 * byte for byte, and the files a request may not send (outside the project,
 * through a link, too large).
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { startTestApi } from "../helpers/api.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";
import { PNG, sha256 } from "../helpers/files_api.ts";

const SPEC = "api-docs/apis/files/upload.md";
function spec(method: string, request: string, expected: string, extra = ""): string {
  return `---
resource: files
protocol: http
method: ${method}
path: /files
version: 1
---
# Files

## Request

\`\`\`http
${request}
\`\`\`

## Expected response

\`\`\`http
${expected}
\`\`\`
${extra}`;
}

/** An API that reports what it received and serves a PNG. */
function filesApi(served: () => Uint8Array = () => PNG) {
  return startTestApi((request) => {
    const url = new URL(request.url);
    if (url.pathname === "/avatar") {
      return new Response(served() as BodyInit, { headers: { "content-type": "image/png" } });
    }
    return Response.json({ ok: true });
  });
}

async function run(
  files: Record<string, string | Uint8Array>,
  args: string[],
  api: { url: string },
) {
  const texts = Object.fromEntries(
    Object.entries(files).filter(([, v]) => typeof v === "string"),
  ) as Record<string, string>;
  const ws = await workspace(collectionFiles(api.url, texts));
  for (const [path, value] of Object.entries(files)) {
    if (typeof value !== "string") {
      await Deno.mkdir(ws.path(`api-docs/${path}`).replace(/\/[^/]+$/, ""), { recursive: true });
      await Deno.writeFile(ws.path(`api-docs/${path}`), value);
    }
  }
  const result = await apispec(["exec", SPEC, ...args], { cwd: ws.dir });
  return { result, ws };
}

Deno.test("a body line `< ./file` sends the file's bytes, relative to the endpoint file", async () => {
  const received: Uint8Array[] = [];
  await using api = startTestApi(() => Response.json({ ok: true }));
  // startTestApi reads bodies as text; a second server keeps the bytes.
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (r) => {
    received.push(new Uint8Array(await r.arrayBuffer()));
    return Response.json({
      size: received.at(-1)!.byteLength,
      type: r.headers.get("content-type"),
    });
  });
  const url = `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`;
  try {
    const { result, ws } = await run(
      {
        "apis/files/upload.md": spec(
          "POST",
          "POST {{baseUrl}}/upload\nContent-Type: image/png\n\n< ./files/avatar.png",
          `HTTP/1.1 200 OK\n\n{"size": ${PNG.byteLength}, "type": "image/png"}`,
          "\n## Assertions\n\n- body.size: " + PNG.byteLength + "\n",
        ),
        "apis/files/files/avatar.png": PNG,
      },
      ["--output=json", "--strict-assertions"],
      { url },
    );
    await using _ = ws;
    assertEquals(result.code, 0, result.stdout + result.stderr);
    assertEquals(received.length, 1);
    assertEquals(received[0], PNG);
  } finally {
    await server.shutdown();
  }
  assertEquals(api.requests.length, 0);
});

Deno.test("multipart in curl's form syntax: text parts and a file part with its type", async () => {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (r) => {
    const form = await r.formData();
    const avatar = form.get("avatar") as File;
    return Response.json({
      title: form.get("title"),
      avatar: {
        name: avatar.name,
        type: avatar.type,
        sha256: await sha256(new Uint8Array(await avatar.arrayBuffer())),
      },
      contentType: r.headers.get("content-type"),
    });
  });
  const url = `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`;
  try {
    const { result, ws } = await run(
      {
        "apis/files/upload.md": spec(
          "POST",
          "POST {{baseUrl}}/profile\nContent-Type: multipart/form-data\n\n" +
            "title={{title}}\navatar=@./files/avatar.png;type=image/png;filename=me.png",
          "HTTP/1.1 200 OK",
          `\n## Assertions\n\n- body.title: equals "Ada L"\n- body.avatar.name: me.png\n` +
            `- body.avatar.type: image/png\n- body.avatar.sha256: ${await sha256(PNG)}\n` +
            "- body.contentType: matches ^multipart/form-data; boundary=\n",
        ),
        "apis/files/files/avatar.png": PNG,
      },
      ["--output=json", "--strict-assertions", "--var", "title=Ada L"],
      { url },
    );
    await using _ = ws;
    assertEquals(result.code, 0, result.stdout + result.stderr);
    const record = json(result);
    assert((record.assertion_results as { passed: boolean }[]).every((r) => r.passed));
  } finally {
    await server.shutdown();
  }
});

Deno.test("a binary answer is compared byte for byte with `< ./file`, and body.bytes / body.sha256 read it", async () => {
  let served = PNG;
  await using api = filesApi(() => served);
  const file = spec(
    "GET",
    "GET {{baseUrl}}/avatar",
    "HTTP/1.1 200 OK\nContent-Type: image/png\n\n< ./files/expected.png",
    `\n## Assertions\n\n- body.bytes: ${PNG.byteLength}\n- body.sha256: ${await sha256(PNG)}\n`,
  );
  const files = { "apis/files/upload.md": file, "apis/files/files/expected.png": PNG };
  {
    const { result, ws } = await run(
      files,
      ["--output=json", "--strict-assertions", "--verbose"],
      api,
    );
    await using _ = ws;
    assertEquals(result.code, 0, result.stdout);
    const record = json(result);
    const response = record.response as { body: string; binary: Record<string, unknown> };
    assertEquals(response.body, "");
    assertEquals(response.binary, {
      bytes: PNG.byteLength,
      type: "image/png",
      sha256: await sha256(PNG),
    });
  }
  // One byte changed: the diff names the first byte that differs, the assertion on sha256 fails.
  served = PNG.slice();
  served[40] ^= 0xff;
  {
    const { result, ws } = await run(files, ["--strict-assertions", "--verbose"], api);
    await using _ = ws;
    assertEquals(result.code, 1, result.stdout);
    assertStringIncludes(result.stdout, "differs from ./files/expected.png at byte 40");
    // Never the raw bytes: the size, type and digest instead.
    assertMatch(result.stdout, /\[binary body: \d+ bytes, image\/png, sha256 [0-9a-f]{16}…\]/);
    assert(!result.stdout.includes("IHDR"), "the PNG's bytes are not printed");
    // --update rewrites the status and headers, never a file body into text.
    const update = await apispec(["exec", SPEC, "--update"], { cwd: ws.dir });
    assertEquals(update.code, 0, update.stdout + update.stderr);
    assertStringIncludes(
      await ws.read("api-docs/apis/files/upload.md"),
      "\n< ./files/expected.png\n",
    );
  }
  // A text expectation against a binary answer says what came instead.
  {
    const { result, ws } = await run(
      {
        "apis/files/upload.md": spec(
          "GET",
          "GET {{baseUrl}}/avatar",
          'HTTP/1.1 200 OK\n\n{"id": 1}',
        ),
      },
      [],
      api,
    );
    await using _ = ws;
    assertEquals(result.code, 1);
    assertStringIncludes(result.stdout, "got a binary body (");
  }
});

Deno.test("files a request may not send: outside the project, through a link, absolute, too large, missing; nothing is sent", async () => {
  await using api = filesApi();
  const upload = (path: string) =>
    spec("POST", `POST {{baseUrl}}/upload\n\n< ${path}`, "HTTP/1.1 200 OK");
  const cases: [string, Record<string, string | Uint8Array>, RegExp][] = [
    ["../../../../../../etc/hostname", {}, /outside the project/],
    ["/etc/hostname", {}, /is absolute/],
    ["./files/missing.png", {}, /does not exist/],
  ];
  for (const [path, extra, message] of cases) {
    const { result, ws } = await run({ "apis/files/upload.md": upload(path), ...extra }, [], api);
    await using _ = ws;
    assertEquals(result.code, 2, `${path}: ${result.stdout}${result.stderr}`);
    assertMatch(result.stdout + result.stderr, message);
    assertStringIncludes(result.stdout + result.stderr, "upload.md:15");
  }
  // A link inside the project that points out of it.
  {
    const { result: _, ws } = await run({ "apis/files/upload.md": upload("./files/key") }, [], api);
    await using __ = ws;
    const outside = await Deno.makeTempFile();
    await Deno.writeTextFile(outside, "secret");
    await Deno.mkdir(ws.path("api-docs/apis/files/files"), { recursive: true });
    await Deno.symlink(outside, ws.path("api-docs/apis/files/files/key"));
    const result = await apispec(["exec", SPEC], { cwd: ws.dir });
    await Deno.remove(outside);
    assertEquals(result.code, 2, result.stdout);
    assertStringIncludes(result.stdout + result.stderr, "leaves the project through a link");
  }
  // A huge file is refused before it is read (a sparse file: no disk is used).
  {
    const { result: _, ws } = await run({ "apis/files/upload.md": upload("./big.bin") }, [], api);
    await using __ = ws;
    const file = await Deno.open(ws.path("api-docs/apis/files/big.bin"), {
      create: true,
      write: true,
    });
    await file.truncate(65 * 1024 * 1024);
    file.close();
    const result = await apispec(["exec", SPEC], { cwd: ws.dir });
    assertEquals(result.code, 2, result.stdout);
    assertStringIncludes(result.stdout + result.stderr, "apispec reads files up to 64 MB");
  }
  // A GET cannot carry a file body.
  {
    const { result, ws } = await run(
      {
        "apis/files/upload.md": spec(
          "GET",
          "GET {{baseUrl}}/upload\n\n< ./a.png",
          "HTTP/1.1 200 OK",
        ),
        "apis/files/a.png": PNG,
      },
      [],
      api,
    );
    await using _ = ws;
    assertEquals(result.code, 2);
    assertStringIncludes(result.stdout + result.stderr, "cannot carry a body");
  }
  assertEquals(api.requests.length, 0);
});

Deno.test("validate: a multipart line that is not `name=value` is an error with its line", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/files/upload.md": spec(
      "POST",
      "POST {{baseUrl}}/upload\nContent-Type: multipart/form-data\n\ntitle=ok\njust text\navatar=@./a.png;colour=red",
      "HTTP/1.1 200 OK",
    ),
  }));
  const result = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(result.code, 2, result.stdout);
  const out = result.stdout + result.stderr;
  assertStringIncludes(out, "upload.md:17");
  assertStringIncludes(out, 'Cannot parse multipart part "just text"');
  assertStringIncludes(out, "upload.md:18");
  assertStringIncludes(out, 'Unknown attribute "colour=red"');
});
