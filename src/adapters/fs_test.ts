import { assert, assertEquals } from "@std/assert";
import { createFilesExclusive } from "./fs.ts";

async function tempDir(): Promise<string & AsyncDisposable> {
  const dir = await Deno.makeTempDir({ prefix: "apispec-fs-" });
  return Object.assign(new String(dir), {
    [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }),
  }) as unknown as string & AsyncDisposable;
}

const list = (dir: string) => [...Deno.readDirSync(dir)].map((e) => e.name).sort();

Deno.test("createFilesExclusive writes a new folder whole, leaving no staging folder", async () => {
  await using dir = await tempDir();
  const created = createFilesExclusive([
    { path: `${dir}/apis/users/a.md`, text: "A" },
    { path: `${dir}/apis/users/b.md`, text: "B" },
    { path: `${dir}/apis/orders/c.md`, text: "C" },
  ]);
  assertEquals(created, [true, true, true]);
  assertEquals(list(`${dir}/apis`), ["orders", "users"]);
  assertEquals(list(`${dir}/apis/users`), ["a.md", "b.md"]);
  assertEquals(Deno.readTextFileSync(`${dir}/apis/users/b.md`), "B");
});

Deno.test("createFilesExclusive never overwrites: existing files are reported, not touched", async () => {
  await using dir = await tempDir();
  Deno.mkdirSync(`${dir}/apis/users`, { recursive: true });
  Deno.writeTextFileSync(`${dir}/apis/users/a.md`, "mine");
  let reported = 0;
  const created = createFilesExclusive([
    { path: `${dir}/apis/users/a.md`, text: "theirs" },
    { path: `${dir}/apis/users/b.md`, text: "B" },
    // Two files of one name in a new folder: the first is written, the second finds it.
    { path: `${dir}/apis/new/x.md`, text: "first" },
    { path: `${dir}/apis/new/x.md`, text: "second" },
  ], () => reported++);
  assertEquals(created, [false, true, true, false]);
  assertEquals(reported, 4);
  assertEquals(Deno.readTextFileSync(`${dir}/apis/users/a.md`), "mine");
  assertEquals(Deno.readTextFileSync(`${dir}/apis/new/x.md`), "first");
  assertEquals(list(`${dir}/apis`), ["new", "users"]);
  assertEquals(list(`${dir}/apis/users`), ["a.md", "b.md"]);
});

Deno.test("createFilesExclusive refuses to move a new folder onto a link, and writes nothing through it", async () => {
  await using dir = await tempDir();
  await using outside = await tempDir();
  Deno.mkdirSync(`${dir}/apis`);
  // A dangling link where the new folder goes: nothing exists there to stat, but a rename
  // onto it must not make the files appear at the link's target.
  Deno.symlinkSync(`${outside}/target`, `${dir}/apis/users`);
  let error: unknown;
  try {
    createFilesExclusive([{ path: `${dir}/apis/users/a.md`, text: "A" }]);
  } catch (thrown) {
    error = thrown;
  }
  assert(error instanceof Deno.errors.NotADirectory, String(error));
  assertEquals(list(`${dir}/apis`), ["users"]); // the link, and no staging folder
  assertEquals(list(`${outside}`), []);
});
