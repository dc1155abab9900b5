/**
 * Parses argv, dispatches to the command's module and returns its exit code.
 * Bad usage is exit 2 with a message and a fix; an unexpected exception is
 * exit 3 with one line (the stack only with --verbose).
 */
import { EXIT } from "../engine/issue.ts";
import { closest, GLOBAL_FLAGS, parseArgs } from "./args.ts";
import { COMMANDS, findCommand } from "./commands.ts";
import { LOADERS } from "./dispatch.ts";
import { commandHelp, groupHelp, mainHelp } from "./help.ts";
import { VERSION } from "../version.ts";
import { type CliIO, type GlobalOptions, systemIO } from "./io.ts";

/** Global flags that take a value, so their value is not read as a command word. */
const GLOBAL_WITH_VALUE = new Set(
  GLOBAL_FLAGS.filter((f) => f.type !== "boolean").map((f) => `--${f.name}`),
);

/** Splits argv into the words naming the command and the rest, skipping leading global flags. */
function splitCommand(argv: string[]): { words: string[]; before: string[] } {
  const before: string[] = [];
  let i = 0;
  while (i < argv.length && argv[i].startsWith("-")) {
    before.push(argv[i]);
    if (GLOBAL_WITH_VALUE.has(argv[i]) && i + 1 < argv.length) before.push(argv[++i]);
    i++;
  }
  return { words: argv.slice(i), before };
}

export async function runCli(
  argv: string[],
  makeIO: (global: GlobalOptions) => CliIO = systemIO,
): Promise<number> {
  const { words, before } = splitCommand(argv);
  const wordsOnly = words.filter((w) => !w.startsWith("-"));
  const { command, consumed } = findCommand(wordsOnly.slice(0, 2));
  const fallbackIO = () =>
    makeIO({ verbose: false, yes: false, noColor: before.includes("--no-color") });

  if (!command) {
    const io = fallbackIO();
    const word = wordsOnly[0];
    if (before.includes("--version") || before.includes("-V")) {
      io.out(`apispec ${VERSION}`);
      return EXIT.passed;
    }
    if (!word || word === "help") {
      const target = word === "help" ? findCommand(wordsOnly.slice(1, 3)).command : undefined;
      const group = word === "help" && !target ? groupHelp(wordsOnly[1] ?? "") : undefined;
      io.out(target ? commandHelp(target) : group ?? mainHelp());
      return EXIT.passed;
    }
    // A group word alone (`apispec skills`): list its subcommands.
    const group = groupHelp(word);
    if (group !== undefined) {
      if (words.includes("--help") || words.includes("-h")) {
        io.out(group);
        return EXIT.passed;
      }
      io.err(`error[USAGE]: "${word}" needs a subcommand\n\n${group}`);
      return EXIT.invalidSpec;
    }
    const near = closest(word, COMMANDS.map((c) => c.name.split(" ")[0]));
    io.err(
      `error[USAGE]: Unknown command "${word}"\n  = fix: ${
        near ? `Did you mean \`apispec ${near}\`? ` : ""
      }Run \`apispec --help\` for the commands`,
    );
    return EXIT.invalidSpec;
  }
  // Remove the command words (they may sit after flags); keep every other token in order.
  const rest = [...before];
  let skipped = 0;
  for (const token of words) {
    if (skipped < consumed && !token.startsWith("-")) {
      skipped++;
      continue;
    }
    rest.push(token);
  }
  const { parsed, issues } = parseArgs(rest, command.flags, command.args, command.name);
  for (const [a, b] of command.conflicts ?? []) {
    if (parsed.flags[a] && parsed.flags[b]) {
      issues.push({
        code: "USAGE",
        severity: "error",
        message: `--${a} and --${b} cannot be used together`,
        fix: `Pass only one of them`,
      });
    }
  }
  const global: GlobalOptions = {
    config: parsed.flags.config as string | undefined,
    verbose: parsed.flags.verbose === true,
    yes: parsed.flags.yes === true,
    noColor: parsed.flags["no-color"] === true,
  };
  const io = makeIO(global);
  if (parsed.flags.help) {
    io.out(commandHelp(command));
    return EXIT.passed;
  }
  if (issues.length > 0) {
    // Loaded only here: rendering issues brings the secret scanner (for masking), which
    // `version`, help and shell completion do not need.
    const { renderIssues } = await import("../engine/render/issue.ts");
    io.err(renderIssues(issues, new Map(), io.errPaint));
    return EXIT.invalidSpec;
  }
  try {
    const module = await LOADERS[command.name]();
    return await module.run(parsed, io);
  } catch (error) {
    const message = withoutColour((error as Error)?.message ?? String(error));
    io.err(`error[ENGINE_ERROR]: ${message}`);
    if (global.verbose && (error as Error)?.stack) io.err(withoutColour((error as Error).stack!));
    else if (MODULE_LOAD_ERROR.test(message)) {
      io.err(
        "  = fix: apispec's own modules did not load, so this install is broken: install again " +
          "from the checkout with `deno run -A scripts/install.ts` (README: Install and upgrade)",
      );
    } else io.err("  = fix: this is a bug in apispec; run again with -v for details and report it");
    return EXIT.engineError;
  }
}

/** Deno's module loader failing on apispec's own graph (an install that lost its import map). */
const MODULE_LOAD_ERROR =
  /^(Import "[^"]*" not a dependency|Module not found|Relative import path|Unable to load|Cannot resolve module)/;

/** Deno colours its own error messages; shown through the terminal-safe printer they would read as `\u001b[0m`. */
function withoutColour(text: string): string {
  // deno-lint-ignore no-control-regex
  return text.replace(/\x1b\[[0-9;]*m/g, "");
}
