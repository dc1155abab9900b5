/** Help text, generated from the command table. */
import { VERSION } from "../version.ts";
import { type FlagDef, GLOBAL_FLAGS } from "./args.ts";
import { type CommandDef, COMMANDS } from "./commands.ts";

function flagUsage(flag: FlagDef): string {
  const names = [flag.short ? `-${flag.short}` : "", `--${flag.name}`].filter(Boolean).join(", ");
  if (flag.type === "boolean") return names;
  const value = flag.type === "enum" ? flag.values!.join("|") : flag.valueName ?? "value";
  return flag.optionalValue ? `${names} [<${value}>]` : `${names} <${value}>`;
}

function table(rows: [string, string][]): string[] {
  const width = Math.min(34, Math.max(...rows.map(([a]) => a.length)) + 2);
  // A name longer than the column keeps two spaces before its description.
  return rows.map(([a, b]) => `  ${a.length >= width ? `${a}  ` : a.padEnd(width)}${b}`);
}

export function mainHelp(): string {
  return [
    `apispec ${VERSION}: executable API documentation in markdown`,
    "",
    "Usage: apispec <command> [options]",
    "",
    "Commands:",
    ...table(COMMANDS.map((c) => [c.name, c.summary])),
    "",
    "Global options:",
    ...table(GLOBAL_FLAGS.map((f) => [flagUsage(f), f.description])),
    "",
    "Run `apispec <command> --help` for a command's options.",
  ].join("\n");
}

/** Help for a group word (`skills`, `import`): its subcommands; undefined when `word` is not a group. */
export function groupHelp(word: string): string | undefined {
  const children = COMMANDS.filter((c) => c.name.startsWith(`${word} `));
  if (word === "" || children.length === 0) return undefined;
  return [
    `Usage: apispec ${word} <command> [options]`,
    "",
    "Commands:",
    ...table(children.map((c) => [c.name, c.summary])),
    "",
    `Run \`apispec ${word} <command> --help\` for a command's options.`,
  ].join("\n");
}

export function commandHelp(command: CommandDef): string {
  const args = command.args.map((
    a,
  ) => (a.required
    ? `<${a.name}${a.variadic ? "..." : ""}>`
    : `[<${a.name}>${a.variadic ? "..." : ""}]`)
  );
  const lines = [
    command.summary,
    "",
    ["Usage: apispec", command.name, ...args, ...(command.flags.length ? ["[options]"] : [])]
      .join(" "),
  ];
  if (command.flags.length) {
    lines.push(
      "",
      "Options:",
      ...table(
        command.flags.map((
          f,
        ) => [
          flagUsage(f),
          f.description + (f.default !== undefined ? ` (default ${f.default})` : ""),
        ]),
      ),
    );
  }
  lines.push(
    "",
    "Global options:",
    ...table(GLOBAL_FLAGS.map((f) => [flagUsage(f), f.description])),
  );
  return lines.join("\n");
}

export { COMMANDS };
