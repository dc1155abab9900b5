/**
 * The examples of docs/flows.md run as written: every fenced block whose
 * info string names a file (`markdown api-docs/flows/x.md`) is written into
 * the demo collection, then every `apispec ...` line of the `sh` blocks runs
 * through the real CLI against the demo API and must pass.
 */
import { assertEquals } from "@std/assert";
import { apispec, ROOT } from "../helpers/cli.ts";
import { demoProject } from "../helpers/demo.ts";

interface Block {
  info: string;
  text: string;
}

/** Fenced blocks of any fence length, so a block may hold shorter fences. */
function fencedBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(.*)$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line === open[1]);
    blocks.push({ info: open[2].trim(), text: lines.slice(i + 1, end).join("\n") + "\n" });
    i = end;
  }
  return blocks;
}

/** A command line split into words; single quotes group. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]);
}

Deno.test("every example of docs/flows.md runs against the demo API as written", async () => {
  const blocks = fencedBlocks(await Deno.readTextFile(`${ROOT}/docs/flows.md`));
  const files = blocks.filter((b) => /^\w+ api-docs\//.test(b.info));
  const commands = blocks.filter((b) => b.info === "sh").flatMap((b) =>
    b.text.split("\n").filter((line) => line.startsWith("apispec "))
  );
  assertEquals(files.length >= 5, true, "the page shows its example files");
  assertEquals(commands.length >= 6, true, "the page shows the commands");
  await using demo = await demoProject(
    Object.fromEntries(files.map((b) => [b.info.split(" ")[1], b.text])),
  );
  for (const command of commands) {
    const result = await apispec(words(command).slice(1), {
      cwd: demo.ws.dir,
      env: { APISPEC_AUTH_TOKEN: demo.api.token },
    });
    assertEquals(result.code, 0, `${command}\n${result.stdout}\n${result.stderr}`);
  }
});
