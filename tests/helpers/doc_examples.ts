/**
 * The examples of a documentation page, read so a test can run them as written
 * (tests/docs/): the fenced blocks that are files, and the `apispec ...` lines
 * of its `sh` blocks, run through the real CLI.
 *
 * A block's info string is `<language> [<path>] [ignore]`:
 * - a path (`markdown api-docs/apis/chat/post-chat.md`) makes the block a file
 *   the test writes into its project before running the page's commands;
 * - `ignore` marks a block the tests leave out (it needs a real cloud API, a
 *   browser sign-in or a release host). Renderers show only the language.
 *
 * Example hosts: the test maps `https://api.example.com` (and any other host it
 * names) to the loopback server it started, in files and commands alike.
 */
import { assertEquals } from "@std/assert";
import { apispec, type CliResult, ROOT } from "./cli.ts";
import { type CliProcess, spawnApispec } from "./cli_process.ts";

export interface DocBlock {
  /** The whole info string. */
  info: string;
  language: string;
  /** The file the block is, when its info string names one. */
  file?: string;
  ignore: boolean;
  text: string;
  /** 1-based line of the opening fence. */
  line: number;
}

export interface DocCommand {
  /** The line as written, comment and continuation lines joined. */
  line: string;
  /** The words after `apispec`, quotes removed. */
  args: string[];
  /** The page and line, for failure messages. */
  where: string;
}

export interface DocPage {
  path: string;
  blocks: DocBlock[];
  /** Blocks that name a file, by path, outside `ignore` blocks. */
  files: Record<string, string>;
  /** `apispec` lines of the `sh` blocks outside `ignore` blocks, in page order. */
  commands: DocCommand[];
}

/** Fenced blocks of any fence length (so a block may hold shorter fences), with their lines. */
export function fencedBlocks(markdown: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(.*)$/.exec(lines[i]);
    if (!open) continue;
    let end = lines.findIndex((line, j) => j > i && line === open[1]);
    if (end === -1) end = lines.length;
    const [language = "", ...rest] = open[2].trim().split(/\s+/);
    const ignore = rest.includes("ignore");
    const file = rest.find((word) => word !== "ignore");
    blocks.push({
      info: open[2].trim(),
      language,
      file,
      ignore,
      text: lines.slice(i + 1, end).join("\n") + "\n",
      line: i + 1,
    });
    i = end;
  }
  return blocks;
}

/** A command line split into words: single and double quotes group, as a shell would. */
export function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** The `apispec` lines of a shell block: `\` continuations joined, `# comments` dropped. */
export function commandLines(text: string): { line: string; offset: number }[] {
  const out: { line: string; offset: number }[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const offset = i;
    let line = lines[i];
    while (line.endsWith("\\") && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i];
    line = line.replace(/\s+#.*$/, "").trim();
    if (line.startsWith("apispec ")) out.push({ line, offset });
  }
  return out;
}

/** The text of a markdown section, to the next heading of its level or above outside code blocks. */
export function markdownSection(markdown: string, heading: string): string {
  const lines = markdown.split("\n");
  const start = lines.indexOf(heading);
  if (start === -1) throw new Error(`no section "${heading}"`);
  const level = heading.indexOf(" ");
  let fence = "";
  let end = start + 1;
  for (; end < lines.length; end++) {
    const open = /^(`{3,})/.exec(lines[end]);
    if (open && !fence) fence = open[1];
    else if (fence && lines[end] === fence) fence = "";
    else if (!fence && /^#+ /.test(lines[end]) && lines[end].indexOf(" ") <= level) break;
  }
  return lines.slice(start, end).join("\n");
}

/**
 * Reads a page of the repository (`docs/streams.md`, `README.md`), or one
 * section of it (`## Your first collection`); lines are the page's.
 */
export async function readDocPage(path: string, heading?: string): Promise<DocPage> {
  return docPage(path, await Deno.readTextFile(`${ROOT}/${path}`), heading);
}

/** A page's files and commands from its text; `path` names it in failure messages. */
export function docPage(path: string, text: string, heading?: string): DocPage {
  let blocks = fencedBlocks(text);
  if (heading) {
    const part = markdownSection(text, heading);
    const first = text.slice(0, text.indexOf(part)).split("\n").length;
    const last = first + part.split("\n").length - 1;
    blocks = blocks.filter((b) => b.line >= first && b.line <= last);
  }
  const used = blocks.filter((b) => !b.ignore);
  return {
    path,
    blocks,
    files: Object.fromEntries(used.filter((b) => b.file).map((b) => [b.file!, b.text])),
    commands: used.filter((b) => b.language === "sh").flatMap((b) =>
      commandLines(b.text).map(({ line, offset }) => ({
        line,
        args: words(line).slice(1),
        where: `${path}:${b.line + 1 + offset}`,
      }))
    ),
  };
}

/** Replaces each example host (`https://api.example.com`) by the URL of the test's server. */
export function mapHosts(text: string, hosts: Record<string, string> = {}): string {
  let out = text;
  for (const [from, to] of Object.entries(hosts)) out = out.replaceAll(from, to);
  return out;
}

export interface RunOptions {
  cwd: string;
  env?: Record<string, string>;
  hosts?: Record<string, string>;
}

/** Runs one documented command through the real CLI; its exit code must be `expected`. */
export async function runDocCommand(
  command: DocCommand,
  options: RunOptions & { expected?: number },
): Promise<CliResult> {
  const args = command.args.map((word) => mapHosts(word, options.hosts));
  const result = await apispec(args, { cwd: options.cwd, env: options.env });
  assertEquals(
    result.code,
    options.expected ?? 0,
    `${command.where}: ${command.line}\n${result.stdout}\n${result.stderr}`,
  );
  return result;
}

/**
 * Starts a documented server command (`apispec mock ...`, `apispec serve`) on a free port: its
 * `--port=<n>` becomes `--port=0`, or `--port=0` is added, so tests running at
 * once never fight over the documented port.
 */
export async function startDocServer(
  command: DocCommand,
  options: RunOptions,
): Promise<CliProcess> {
  const args = command.args.map((word) => mapHosts(word, options.hosts))
    .map((word) => word.startsWith("--port=") ? "--port=0" : word);
  if (!args.includes("--port=0")) args.push("--port=0");
  return await spawnApispec(args, {
    cwd: options.cwd,
    env: options.env,
    ready: /(?:Listening on|apispec preview)\s+(https?:\/\/\S+)/,
  });
}

/** Writes the page's files (hosts mapped) into a folder. */
export async function writeDocFiles(
  page: DocPage,
  write: (path: string, text: string) => Promise<void>,
  hosts: Record<string, string> = {},
): Promise<void> {
  for (const [path, text] of Object.entries(page.files)) await write(path, mapHosts(text, hosts));
}
