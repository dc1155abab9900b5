/**
 * `apispec mock` (the real CLI) serves an expected body `< ./file` as the
 * file's bytes: with the documented type, else the one its extension names;
 * a path parameter may pick the file; the file must stay inside the project
 * (links followed) and within 64 MiB. `exec` against the mock then compares
 * the answer with the same file byte for byte.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { spawnApispec } from "../helpers/cli_process.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";

const LOGO = new Uint8Array(4096).map((_, i) => (i * 31 + 7) % 256);

function startMock(cwd: string) {
  return spawnApispec(["mock", "--port=0"], { cwd, ready: /Listening on (http:\/\/\S+)/ });
}

async function project(baseUrl = "http://127.0.0.1:9") {
  const ws = await workspace(collectionFiles(baseUrl, {
    "apis/files/get-logo.md": endpoint({
      path: "/logo",
      resource: "files",
      expected: "HTTP/1.1 200 OK\nContent-Type: image/png\n\n< ./files/logo.png",
    }),
    "apis/files/get-report.md": endpoint({
      path: "/report",
      resource: "files",
      expected: "HTTP/1.1 200 OK\n\n< ./files/report.pdf",
    }),
    "apis/files/get-file.md": endpoint({
      path: "/files/:name",
      resource: "files",
      expected: "HTTP/1.1 200 OK\nX-Name: {{name}}\n\n< ./files/{{name}}",
    }),
  }));
  await Deno.mkdir(ws.path("api-docs/apis/files/files"), { recursive: true });
  await Deno.writeFile(ws.path("api-docs/apis/files/files/logo.png"), LOGO);
  await Deno.writeFile(ws.path("api-docs/apis/files/files/report.pdf"), LOGO.subarray(0, 100));
  return ws;
}

Deno.test("mock serves an expected body file's bytes with its content type", async () => {
  await using ws = await project();
  await using mock = await startMock(ws.dir);
  const logo = await fetch(`${mock.url}/logo`);
  assertEquals(logo.status, 200);
  assertEquals(logo.headers.get("content-type"), "image/png");
  assertEquals(new Uint8Array(await logo.arrayBuffer()), LOGO);

  const head = await fetch(`${mock.url}/logo`, { method: "HEAD" });
  assertEquals(head.headers.get("content-length"), String(LOGO.length));
  await head.body?.cancel();

  // No documented type: the extension's.
  const report = await fetch(`${mock.url}/report`);
  assertEquals(report.headers.get("content-type"), "application/pdf");
  assertEquals((await report.arrayBuffer()).byteLength, 100);

  // A path parameter picks the file.
  const picked = await fetch(`${mock.url}/files/report.pdf`);
  assertEquals(picked.headers.get("x-name"), "report.pdf");
  assertEquals(picked.headers.get("content-type"), "application/pdf");
  assertEquals((await picked.arrayBuffer()).byteLength, 100);

  // A file that is not there is the mock's 500, naming the file.
  const missing = await fetch(`${mock.url}/files/nope.png`);
  assertEquals(missing.status, 500);
  assertStringIncludes(await missing.text(), 'File \\"./files/nope.png\\" does not exist');
});

Deno.test("mock never serves a file outside the project, through .. or a link, nor one over 64 MiB", async () => {
  await using ws = await project();
  const outside = await Deno.makeTempDir({ prefix: "apispec-outside-" });
  try {
    await Deno.writeTextFile(`${outside}/secret.txt`, "do-not-serve-7f3a");
    await Deno.symlink(`${outside}/secret.txt`, ws.path("api-docs/apis/files/files/link.txt"));
    const big = ws.path("api-docs/apis/files/files/big.bin");
    await Deno.writeFile(big, new Uint8Array(0));
    await Deno.truncate(big, 64 * 1024 * 1024 + 1);
    await using mock = await startMock(ws.dir);
    const cases: [string, string][] = [
      ["link.txt", "leaves the project through a link"],
      [
        encodeURIComponent(`../../../../../${outside.split("/").pop()}/secret.txt`),
        "outside the project",
      ],
      ["big.bin", "apispec reads files up to 64 MB"],
    ];
    for (const [name, reason] of cases) {
      const response = await fetch(`${mock.url}/files/${name}`);
      const text = await response.text();
      assertEquals(response.status, 500, `${name}: ${text}`);
      assertStringIncludes(text, reason);
      assertEquals(text.includes("do-not-serve"), false);
    }
  } finally {
    await Deno.remove(outside, { recursive: true });
  }
});

Deno.test("exec against the mock compares its bytes with the same file: it passes", async () => {
  await using ws = await project();
  await using mock = await startMock(ws.dir);
  await ws.write(
    "api-docs/_shared/env.template.md",
    `## dev\n\n\`\`\`yaml\nbaseUrl: ${mock.url}\n\`\`\`\n`,
  );
  const result = await apispec(["exec", "api-docs/apis/files/get-logo.md"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stdout + result.stderr);
});
