/**
 * install.sh against a release served from 127.0.0.1: an archive built here
 * (with the release packer) around a tiny stand-in executable, and its
 * SHA256SUMS. Runs under the system `sh` (dash on Debian, so POSIX only).
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { join } from "node:path";
import { startTestApi } from "../helpers/api.ts";
import { ROOT } from "../helpers/cli.ts";
import { run } from "../helpers/run.ts";
import { type Workspace, workspace } from "../helpers/workspace.ts";
import { packFile, writeChecksums } from "../../scripts/release/archive.ts";
import { archiveName } from "../../scripts/release/targets.ts";

const ARCHIVE = archiveName(Deno.build.target);
const STAND_IN = '#!/bin/sh\necho "apispec 9.9.9"\n';

/** A release folder: the packed stand-in and its checksums (or a wrong one). */
async function release(ws: Workspace, options: { badChecksum?: boolean } = {}) {
  await ws.write("build/apispec", STAND_IN);
  await Deno.chmod(ws.path("build/apispec"), 0o755);
  await Deno.mkdir(ws.path("release"), { recursive: true });
  await packFile(ws.path("build/apispec"), ws.path(`release/${ARCHIVE}`));
  await writeChecksums(ws.path("release"), [ARCHIVE]);
  if (options.badChecksum) {
    await ws.write("release/SHA256SUMS", `${"0".repeat(64)}  ${ARCHIVE}\n`);
  }
}

/** Serves the release folder as the latest release and as tag v1.2.3; anything else is 404. */
function serve(ws: Workspace) {
  return startTestApi(async (request) => {
    const path = new URL(request.url).pathname;
    const match = /^\/releases\/(?:latest\/download|download\/v1\.2\.3)\/([^/]+)$/.exec(path);
    if (!match) return new Response("not found", { status: 404 });
    try {
      return new Response(await Deno.readFile(ws.path(`release/${match[1]}`)));
    } catch {
      return new Response("not found", { status: 404 });
    }
  });
}

function install(ws: Workspace, url: string, args: string[], path = Deno.env.get("PATH")!) {
  return run("sh", [join(ROOT, "install.sh"), ...args], {
    cwd: ws.dir,
    env: { HOME: ws.path("home"), PATH: path, APISPEC_INSTALL_URL: `${url}/releases` },
  });
}

async function runInstalled(file: string): Promise<string> {
  const output = await new Deno.Command(file, { stdout: "piped" }).output();
  return new TextDecoder().decode(output.stdout).trim();
}

Deno.test("install.sh installs the latest release into --prefix after checking its SHA-256", async () => {
  await using ws = await workspace();
  await release(ws);
  await using server = serve(ws);
  const result = await install(ws, server.url, [`--prefix=${ws.path("prefix")}`]);
  assertEquals(result.code, 0, result.stderr);
  assertEquals(await runInstalled(ws.path("prefix/bin/apispec")), "apispec 9.9.9");
  assertStringIncludes(
    result.stdout,
    `Installed apispec 9.9.9 to ${ws.path("prefix/bin/apispec")}`,
  );
  assertStringIncludes(result.stdout, `export PATH="${ws.path("prefix/bin")}:$PATH"`);
  assertEquals(server.requests.map((r) => r.path), [
    `/releases/latest/download/${ARCHIVE}`,
    "/releases/latest/download/SHA256SUMS",
  ]);
});

Deno.test("install.sh --version pins the release's URL path and defaults to ~/.local", async () => {
  await using ws = await workspace();
  await release(ws);
  await using server = serve(ws);
  const result = await install(ws, server.url, ["--version=v1.2.3"]);
  assertEquals(result.code, 0, result.stderr);
  assertEquals(server.requests.map((r) => r.path), [
    `/releases/download/v1.2.3/${ARCHIVE}`,
    "/releases/download/v1.2.3/SHA256SUMS",
  ]);
  assertEquals(await runInstalled(ws.path("home/.local/bin/apispec")), "apispec 9.9.9");
});

Deno.test("install.sh aborts on a wrong checksum and leaves the installed binary alone", async () => {
  await using ws = await workspace({ "prefix/bin/apispec": '#!/bin/sh\necho "apispec 0.0.1"\n' });
  await Deno.chmod(ws.path("prefix/bin/apispec"), 0o755);
  await release(ws, { badChecksum: true });
  await using server = serve(ws);
  const result = await install(ws, server.url, [`--prefix=${ws.path("prefix")}`]);
  assertEquals(result.code, 1);
  assertStringIncludes(result.stderr, `checksum mismatch for ${ARCHIVE}`);
  assertStringIncludes(result.stderr, "nothing was installed");
  assertEquals(await runInstalled(ws.path("prefix/bin/apispec")), "apispec 0.0.1");
  assertEquals([...Deno.readDirSync(ws.path("prefix/bin"))].map((e) => e.name), ["apispec"]);
});

Deno.test("install.sh fails cleanly on a missing release (nothing installed)", async () => {
  await using ws = await workspace();
  await release(ws);
  await using server = serve(ws);
  const result = await install(ws, server.url, ["--version=v404", `--prefix=${ws.path("prefix")}`]);
  assertEquals(result.code, 1);
  assertStringIncludes(result.stderr, "could not download");
  assertEquals(await ws.exists("prefix/bin/apispec"), false);
});

Deno.test("install.sh works with wget and shasum when curl and sha256sum are absent", async () => {
  const tools = [
    "sh",
    "uname",
    "mktemp",
    "wget",
    "awk",
    "cut",
    "shasum",
    "perl",
    "tar",
    "gzip",
    "mkdir",
    "cp",
    "chmod",
    "mv",
    "rm",
    "cat",
  ];
  const found = tools.map((tool) => ({ tool, path: which(tool) }));
  const missing = found.filter((f) => !f.path).map((f) => f.tool);
  if (missing.length > 0) {
    console.log(`skipped: ${missing.join(", ")} not installed`);
    return;
  }
  await using ws = await workspace();
  await Deno.mkdir(ws.path("tools"));
  for (const { tool, path } of found) await Deno.symlink(path!, ws.path(`tools/${tool}`));
  await release(ws);
  await using server = serve(ws);
  const result = await install(ws, server.url, [`--prefix=${ws.path("prefix")}`], ws.path("tools"));
  assertEquals(result.code, 0, result.stderr);
  assert(await ws.exists("prefix/bin/apispec"));
});

function which(tool: string): string | undefined {
  const output = new Deno.Command("sh", { args: ["-c", `command -v ${tool}`], stdout: "piped" })
    .outputSync();
  const path = new TextDecoder().decode(output.stdout).trim();
  return output.success && path.startsWith("/") ? path : undefined;
}

Deno.test("install.sh of a checkout names no host: without APISPEC_INSTALL_URL it says how to set one", async () => {
  await using ws = await workspace();
  const result = await run("sh", [join(ROOT, "install.sh"), `--prefix=${ws.path("prefix")}`], {
    cwd: ws.dir,
    env: { HOME: ws.path("home"), PATH: Deno.env.get("PATH")! },
  });
  assertEquals(result.code, 1);
  assertStringIncludes(result.stderr, "this copy of install.sh names no release URL");
  assertStringIncludes(result.stderr, "Set APISPEC_INSTALL_URL");
  assertEquals(await ws.exists("prefix/bin/apispec"), false);
  const script = await Deno.readTextFile(join(ROOT, "install.sh"));
  assertEquals(
    /https?:\/\/(?!<)/.test(script.replace(/e\.g\. https:\/\/github\.com\/<owner>/g, "")),
    false,
  );
});

Deno.test("install.sh stamped by the release build installs from its own release URL", async () => {
  await using ws = await workspace();
  await release(ws);
  await using server = serve(ws);
  const { stampInstaller } = await import("../../scripts/release/release_url.ts");
  const stamped = stampInstaller(
    await Deno.readTextFile(join(ROOT, "install.sh")),
    `${server.url}/releases`,
  );
  await ws.write("install.sh", stamped);
  const result = await run("sh", [ws.path("install.sh"), `--prefix=${ws.path("prefix")}`], {
    cwd: ws.dir,
    env: { HOME: ws.path("home"), PATH: Deno.env.get("PATH")! },
  });
  assertEquals(result.code, 0, result.stderr);
  assertEquals(await runInstalled(ws.path("prefix/bin/apispec")), "apispec 9.9.9");
});
