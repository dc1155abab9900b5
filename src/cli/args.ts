/**
 * Parses argv against a command definition: typed flags (boolean, string,
 * integer, enum; repeatable; optional values), positionals, and conflicts.
 * Every mistake is a usage issue (exit 2) that says what to type instead.
 */
import { type Issue, issue } from "../engine/issue.ts";
import { editDistance } from "../engine/text/edit_distance.ts";

export interface FlagDef {
  name: string;
  short?: string;
  type: "boolean" | "string" | "integer" | "enum";
  values?: readonly string[];
  multiple?: boolean;
  /** `--save` alone or `--save <path>`: the value is taken only once the positionals are full. */
  optionalValue?: boolean;
  default?: string | number | boolean;
  /** The least an integer flag accepts. */
  min?: number;
  valueName?: string;
  description: string;
  /** What shell completion offers for the value. */
  complete?: "file" | "dir";
}

export interface ArgDef {
  name: string;
  required: boolean;
  variadic?: boolean;
  values?: readonly string[];
  complete?: "file" | "dir";
}

export interface ParsedArgs {
  positionals: string[];
  flags: Record<string, string | number | boolean | string[] | undefined>;
}

export const GLOBAL_FLAGS: FlagDef[] = [
  {
    name: "config",
    type: "string",
    valueName: "path",
    description: "Path to api-docs/project.md; overrides discovery",
    complete: "file",
  },
  {
    name: "no-color",
    type: "boolean",
    description: "Disable ANSI colour (also when NO_COLOR is set)",
  },
  { name: "verbose", short: "v", type: "boolean", description: "Verbose diagnostics" },
  {
    name: "yes",
    type: "boolean",
    description: "Accept non-interactive defaults and skip production confirmation",
  },
  { name: "help", short: "h", type: "boolean", description: "Show help" },
];

export function closest(word: string, candidates: string[]): string | undefined {
  const scored = candidates.map((c) => ({ c, d: editDistance(word, c) })).sort((x, y) => x.d - y.d);
  return scored[0] && scored[0].d <= Math.max(2, Math.floor(word.length / 3))
    ? scored[0].c
    : undefined;
}

function usage(message: string, fix: string): Issue {
  return issue("USAGE", message, { fix });
}

/** Parses tokens after the command name. */
export function parseArgs(
  tokens: string[],
  flags: FlagDef[],
  args: ArgDef[],
  commandName: string,
): { parsed: ParsedArgs; issues: Issue[] } {
  const all = [...flags, ...GLOBAL_FLAGS];
  const parsed: ParsedArgs = { positionals: [], flags: {} };
  const issues: Issue[] = [];
  const maxPositionals = args.some((a) => a.variadic) ? Infinity : args.length;
  const help = `Run \`apispec ${commandName} --help\` for usage`;

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === "--") {
      parsed.positionals.push(...tokens.slice(i + 1));
      break;
    }
    if (!token.startsWith("-") || token === "-") {
      parsed.positionals.push(token);
      continue;
    }
    const long = token.startsWith("--");
    const [rawName, inlineValue] = long
      ? (token.slice(2).includes("=")
        ? [token.slice(2, token.indexOf("=")), token.slice(token.indexOf("=") + 1)]
        : [token.slice(2), undefined])
      : [token.slice(1, 2), token.length > 2 ? token.slice(2).replace(/^=/, "") : undefined];
    const def = all.find((f) => (long ? f.name === rawName : f.short === rawName));
    if (!def) {
      const near = long ? closest(rawName, all.map((f) => f.name)) : undefined;
      issues.push(
        usage(
          `Unknown flag ${token.split("=")[0]} for ${commandName}`,
          near ? `Did you mean --${near}? ${help}` : help,
        ),
      );
      continue;
    }
    let value: string | undefined = inlineValue;
    if (def.type === "boolean") {
      if (value !== undefined && !["true", "false"].includes(value)) {
        issues.push(
          usage(`Flag --${def.name} takes no value, got "${value}"`, `Write --${def.name} alone`),
        );
        continue;
      }
      parsed.flags[def.name] = value !== "false";
      continue;
    }
    if (value === undefined) {
      const next = tokens[i + 1];
      const positionalsFull = parsed.positionals.length >= maxPositionals;
      if (def.optionalValue) {
        if (next !== undefined && !next.startsWith("-") && positionalsFull) value = tokens[++i];
        else value = "";
      } else if (
        next === undefined || (next.startsWith("-") && next !== "-" && !/^-\d/.test(next))
      ) {
        issues.push(
          usage(
            `Flag --${def.name} needs a value`,
            `Write --${def.name}=<${def.valueName ?? "value"}>`,
          ),
        );
        continue;
      } else {
        value = tokens[++i];
      }
    }
    let typed: string | number = value;
    if (def.type === "integer") {
      if (!/^\d+$/.test(value)) {
        issues.push(
          usage(
            `Flag --${def.name} needs a whole number, got "${value}"`,
            `Write --${def.name}=<${def.valueName ?? "n"}>`,
          ),
        );
        continue;
      }
      typed = Number(value);
      if (def.min !== undefined && typed < def.min) {
        issues.push(
          usage(
            `Flag --${def.name} must be at least ${def.min}, got ${value}`,
            `Write --${def.name}=<${def.valueName ?? "n"}> with ${
              def.valueName ?? "n"
            } ≥ ${def.min}`,
          ),
        );
        continue;
      }
    }
    if (def.type === "enum" && !def.values!.includes(value)) {
      const near = closest(value, [...def.values!]);
      issues.push(
        usage(
          `Flag --${def.name} does not accept "${value}"`,
          `Use one of: ${def.values!.join(", ")}${near ? ` (did you mean ${near}?)` : ""}`,
        ),
      );
      continue;
    }
    if (def.multiple) {
      const list = (parsed.flags[def.name] as string[] | undefined) ?? [];
      list.push(String(typed));
      parsed.flags[def.name] = list;
    } else {
      parsed.flags[def.name] = typed;
    }
  }
  if (parsed.flags.help) return { parsed, issues };
  const required = args.filter((a) => a.required).length;
  if (parsed.positionals.length < required) {
    const missing = args.slice(parsed.positionals.length).filter((a) => a.required).map((a) =>
      `<${a.name}>`
    );
    issues.push(usage(`Missing ${missing.join(" ")} for ${commandName}`, help));
  } else if (parsed.positionals.length > maxPositionals) {
    issues.push(
      usage(`Unexpected argument "${parsed.positionals[maxPositionals]}" for ${commandName}`, help),
    );
  }
  args.forEach((arg, index) => {
    const value = parsed.positionals[index];
    if (value !== undefined && arg.values && !arg.values.includes(value)) {
      const near = closest(value, [...arg.values]);
      issues.push(
        usage(
          `<${arg.name}> does not accept "${value}"`,
          `Use one of: ${arg.values.join(", ")}${near ? ` (did you mean ${near}?)` : ""}`,
        ),
      );
    }
  });
  for (const def of flags) {
    if (parsed.flags[def.name] === undefined && def.default !== undefined) {
      parsed.flags[def.name] = def.default;
    }
  }
  return { parsed, issues };
}

/** Parses repeated `--var key=value` flags. */
export function parseVars(
  values: string[] | undefined,
): { vars: Record<string, string>; issues: Issue[] } {
  const vars: Record<string, string> = {};
  const issues: Issue[] = [];
  for (const entry of values ?? []) {
    const match = /^([A-Za-z_][\w.-]*)=(.*)$/s.exec(entry);
    if (!match) {
      issues.push(
        usage(
          `Invalid --var "${entry}"`,
          "Write --var name=value (the name starts with a letter or _)",
        ),
      );
      continue;
    }
    vars[match[1]] = match[2];
  }
  return { vars, issues };
}
