/**
 * The examples of docs/files.md run as written against a loopback API that
 * takes and serves files: a body from a file, a multipart form with two file
 * parts, and a binary answer compared byte for byte (the PNG whose size and
 * digest the page shows).
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { readDocPage, runDocCommand, writeDocFiles } from "../helpers/doc_examples.ts";
import { PNG, sha256, startFilesApi } from "../helpers/files_api.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";

/** The bytes of the files the examples name, beside their endpoint files. */
const PDF = new TextEncoder().encode("%PDF-1.4\n% a CV\n%%EOF\n");
const BINARIES: Record<string, Uint8Array> = {
  "api-docs/apis/users/files/avatar.png": PNG,
  "api-docs/apis/users/files/expected-avatar.png": PNG,
  "api-docs/apis/profiles/files/avatar.png": PNG,
  "api-docs/apis/profiles/files/cv.pdf": PDF,
};

Deno.test("every example of docs/files.md runs against a loopback API as written", async () => {
  const page = await readDocPage("docs/files.md");
  assertEquals(Object.keys(page.files).length, 3, "the page's endpoint files");
  assertEquals(page.commands.length, 3, "one exec per example");
  await using api = startFilesApi();
  await using project = await workspace(collectionFiles(api.url));
  await writeDocFiles(page, project.write);
  for (const [path, bytes] of Object.entries(BINARIES)) {
    await project.write(path, "");
    await Deno.writeFile(project.path(path), bytes);
  }
  api.avatars.clear();
  const outputs: string[] = [];
  for (const command of page.commands) {
    outputs.push((await runDocCommand(command, { cwd: project.dir })).stdout);
  }
  assertEquals(api.avatars.get("1")?.bytes, PNG, "the PUT sent the file's bytes");
  assertEquals(api.avatars.get("1")?.type, "image/png");
  assertEquals(api.forms[0], {
    name: "Ada Lovelace",
    bio: "Writes the first programs",
    avatar: { name: "avatar.png", type: "image/png", sha256: await sha256(PNG) },
    cv: { name: "ada-lovelace.pdf", type: "application/pdf", sha256: await sha256(PDF) },
  });
  // The console line the page quotes for `exec -v` of a binary answer.
  const digest = await sha256(PNG);
  assertStringIncludes(
    outputs[2],
    `[binary body: ${PNG.byteLength} bytes, image/png, sha256 ${digest.slice(0, 16)}…]`,
  );
});
