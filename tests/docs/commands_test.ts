/**
 * The commands a reader copies exist as written: every `apispec ...` line of
 * README.md and docs/ (shell blocks, and the `run:` steps of CI recipes) and
 * every inline `apispec ...` span (the README's command table too) names a
 * command of the command table with flags it takes, parsed by the CLI's own
 * parser; README names every command, and docs/exit-codes.md gives each one's
 * codes. A renamed or removed flag breaks this test, not a reader's first try.
 */
import { assertEquals } from "@std/assert";
import { COMMANDS, findCommand } from "../../src/cli/commands.ts";
import { GLOBAL_FLAGS, parseArgs } from "../../src/cli/args.ts";
import { ROOT } from "../helpers/cli.ts";
import { commandLines, readDocPage, words } from "../helpers/doc_examples.ts";

/** The pages a reader follows. */
function pages(): string[] {
  const docs = [...Deno.readDirSync(`${ROOT}/docs`)].map((e) => `docs/${e.name}`)
    .filter((p) => p.endsWith(".md")).sort();
  return ["README.md", ...docs];
}

/** `apispec` lines of a CI recipe's `run:` steps; a folded line's `--flag` lines join it. */
function yamlCommands(text: string): string[] {
  const out: string[] = [];
  let open = false;
  for (const raw of text.split("\n")) {
    const line = raw.trim().replace(/^(- )?(run: [>|]?\s*)?/, "").replace(/\s+#.*$/, "");
    if (line.startsWith("apispec ")) {
      out.push(line.replace(/\\$/, ""));
      open = true;
    } else if (open && line.startsWith("--")) out[out.length - 1] += " " + line.replace(/\\$/, "");
    else open = false;
  }
  return out;
}

/**
 * The words `apispec` gets from a shell line: up to the first redirection,
 * pipe or `&`; a CI expression (`${{ matrix.shard }}`) stands for a number,
 * and a shell expansion (`"${changed[@]}"`, `$!`) for nothing we can know.
 */
function argv(line: string): string[] {
  const all = words(line.replace(/\$\{\{[^}]*\}\}/g, "1")).slice(1);
  const end = all.findIndex((w) => /^(>|>>|\||&|&&|;|2>.*)$/.test(w));
  return (end === -1 ? all : all.slice(0, end)).filter((w) => !w.startsWith("$"));
}

Deno.test("every apispec line of README.md and docs/ parses against the command table", async () => {
  const problems: string[] = [];
  let checked = 0;
  for (const path of pages()) {
    const page = await readDocPage(path);
    const lines = page.blocks.flatMap((block) => {
      if (["sh", "bash", "shell", "console"].includes(block.language)) {
        return commandLines(block.text).map((c) => ({
          line: c.line,
          at: block.line + 1 + c.offset,
        }));
      }
      if (block.language === "yaml" || block.language === "yml") {
        return yamlCommands(block.text).map((line) => ({ line, at: block.line }));
      }
      return [];
    });
    for (const { line, at } of lines) {
      const args = argv(line);
      const { command, consumed } = findCommand(args);
      if (!command) {
        problems.push(`${path}:${at}: no command "${args.slice(0, 2).join(" ")}": ${line}`);
        continue;
      }
      const { issues } = parseArgs(args.slice(consumed), command.flags, command.args, command.name);
      for (const issue of issues) problems.push(`${path}:${at}: ${issue.message}: ${line}`);
      checked++;
    }
  }
  assertEquals(problems, []);
  assertEquals(checked > 100, true, `${checked} lines checked`);
  assertEquals(COMMANDS.length > 30, true);
});

/** `--name` tokens of a synopsis or an inline example (`[--env]`, `--port=8080`, `--parallel\|--no-parallel`). */
function flagNames(text: string): string[] {
  return [...text.matchAll(/(?<![\w-])--([a-z][a-z0-9-]*)/g)].map((m) => m[1]);
}

Deno.test("every inline `apispec ...` of README.md and docs/, the command table's rows too, names real flags", async () => {
  const problems: string[] = [];
  let checked = 0;
  for (const path of pages()) {
    const text = await Deno.readTextFile(`${ROOT}/${path}`);
    for (const match of text.matchAll(/`(apispec [^`]+)`/g)) {
      const span = match[1].replaceAll("\\|", "|");
      const at = text.slice(0, match.index).split("\n").length;
      const { command, consumed } = findCommand(span.split(/\s+/).slice(1));
      if (!command) continue; // `apispec <command>`, `apispec://...`, an alternation
      const known = new Set([...command.flags, ...GLOBAL_FLAGS].map((f) => f.name));
      const rest = span.split(/\s+/).slice(1 + consumed).join(" ");
      for (const name of flagNames(rest)) {
        if (!known.has(name)) {
          problems.push(`${path}:${at}: ${command.name} has no --${name}: ${span}`);
        }
      }
      checked++;
    }
  }
  assertEquals(problems, []);
  assertEquals(checked > 100, true, `${checked} spans checked`);
});

Deno.test("README.md names every command of the command table", async () => {
  const readme = await Deno.readTextFile(`${ROOT}/README.md`);
  const mentions = [...readme.matchAll(/`(apispec [^`]+)`|^(apispec .*)$/gm)]
    .map((m) => (m[1] ?? m[2]).replaceAll("\\|", "|"));
  const missing = COMMANDS.filter(({ name }) => {
    const [first, second] = name.split(" ");
    return !readme.includes(`${first} ${second ?? ""}`.trim() + " ") &&
      !mentions.some((m) =>
        m.startsWith(`apispec ${first}`) &&
        (!second || m.split(/[\s|<>]+/).includes(second))
      );
  }).map((c) => c.name);
  assertEquals(missing, []);
});

Deno.test("docs/exit-codes.md gives the exit codes of every command", async () => {
  const page = await Deno.readTextFile(`${ROOT}/docs/exit-codes.md`);
  const missing = COMMANDS.map((c) => c.name).filter((name) =>
    !page.includes(`\`${name}`) && !(name.startsWith("import ") && page.includes("`import <kind>`"))
  );
  assertEquals(missing, []);
});
