import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { join } from "node:path";
import { packFile, sha256, writeChecksums } from "./archive.ts";
import { archiveName, binaryName, TARGETS } from "./targets.ts";

function has(tool: string): boolean {
  return new Deno.Command("sh", { args: ["-c", `command -v ${tool}`], stdout: "null" }).outputSync()
    .success;
}

function run(cmd: string, args: string[], cwd: string): string {
  const output = new Deno.Command(cmd, { args, cwd, stdout: "piped", stderr: "piped" })
    .outputSync();
  assert(output.success, new TextDecoder().decode(output.stderr));
  return new TextDecoder().decode(output.stdout);
}

Deno.test("archiveName() and binaryName() name every release target without a version", () => {
  assertEquals(TARGETS.map(archiveName), [
    "apispec-x86_64-unknown-linux-gnu.tar.gz",
    "apispec-aarch64-unknown-linux-gnu.tar.gz",
    "apispec-x86_64-apple-darwin.tar.gz",
    "apispec-aarch64-apple-darwin.tar.gz",
    "apispec-x86_64-pc-windows-msvc.zip",
  ]);
  assertEquals(binaryName("x86_64-pc-windows-msvc"), "apispec.exe");
});

Deno.test({
  name:
    "packFile() makes a tar.gz tar can unpack (executable kept) and a zip unzip can, the same bytes twice",
  ignore: !has("tar") || !has("unzip"),
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "apispec-archive-" });
    try {
      await Deno.writeTextFile(join(dir, "apispec"), "#!/bin/sh\necho hi\n", { mode: 0o755 });
      await Deno.chmod(join(dir, "apispec"), 0o755);
      await packFile(join(dir, "apispec"), join(dir, "a.tar.gz"));
      assertStringIncludes(run("tar", ["-tvzf", "a.tar.gz"], dir), "-rwxr-xr-x");
      await Deno.mkdir(join(dir, "out"));
      run("tar", ["-xzf", "a.tar.gz", "-C", "out"], dir);
      assertEquals(await Deno.readTextFile(join(dir, "out/apispec")), "#!/bin/sh\necho hi\n");
      await packFile(join(dir, "apispec"), join(dir, "b.tar.gz"));
      assertEquals(await sha256(join(dir, "a.tar.gz")), await sha256(join(dir, "b.tar.gz")));

      await packFile(join(dir, "apispec"), join(dir, "a.zip"));
      assertStringIncludes(run("unzip", ["-l", "a.zip"], dir), "apispec");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "writeChecksums() writes a SHA256SUMS that sha256sum -c accepts",
  ignore: !has("sha256sum"),
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "apispec-sums-" });
    try {
      await Deno.writeTextFile(join(dir, "b.tar.gz"), "bbb");
      await Deno.writeTextFile(join(dir, "a.zip"), "aaa");
      await writeChecksums(dir, ["b.tar.gz", "a.zip"]);
      const sums = await Deno.readTextFile(join(dir, "SHA256SUMS"));
      assertEquals(sums.split("\n")[0].split("  ")[1], "a.zip");
      assertStringIncludes(run("sha256sum", ["-c", "SHA256SUMS"], dir), "b.tar.gz: OK");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
