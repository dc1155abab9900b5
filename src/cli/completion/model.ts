/**
 * What shell completion knows, derived from the one command table
 * (`COMMANDS`) and `GLOBAL_FLAGS`: top-level words, two-word groups such as
 * `import openapi`, each command's flags (enum values, file or folder values)
 * and positional arguments. Every shell's script is generated from this, so a
 * command added to the table completes everywhere without further work.
 */
import type { ArgDef, FlagDef } from "../args.ts";
import { GLOBAL_FLAGS } from "../args.ts";
import { type CommandDef, COMMANDS } from "../commands.ts";

export interface CompletionFlag {
  long: string;
  short?: string;
  description: string;
  /** Takes its value as the next word too (`--env dev`); optional-value flags only as `--save=x`. */
  takesValue: boolean;
  optionalValue: boolean;
  multiple: boolean;
  values?: readonly string[];
  complete?: "file" | "dir";
}

export interface CompletionArg {
  name: string;
  required: boolean;
  variadic: boolean;
  values?: readonly string[];
  complete?: "file" | "dir";
}

export interface CompletionCommand {
  /** `exec`, or `import openapi`. */
  name: string;
  words: string[];
  summary: string;
  flags: CompletionFlag[];
  args: CompletionArg[];
}

export interface CompletionWord {
  word: string;
  summary: string;
}

export interface CompletionModel {
  program: string;
  /** First words: commands and group names, in table order. */
  top: CompletionWord[];
  /** Group name → its second words. */
  groups: Map<string, CompletionWord[]>;
  commands: CompletionCommand[];
  globals: CompletionFlag[];
}

function flag(def: FlagDef): CompletionFlag {
  return {
    long: def.name,
    short: def.short,
    description: def.description,
    takesValue: def.type !== "boolean" && !def.optionalValue,
    optionalValue: def.optionalValue === true,
    multiple: def.multiple === true,
    values: def.values,
    complete: def.complete,
  };
}

function arg(def: ArgDef): CompletionArg {
  return {
    name: def.name,
    required: def.required,
    variadic: def.variadic === true,
    values: def.values,
    complete: def.complete,
  };
}

export function completionModel(
  commands: readonly CommandDef[] = COMMANDS,
  globals: readonly FlagDef[] = GLOBAL_FLAGS,
): CompletionModel {
  const top: CompletionWord[] = [];
  const groups = new Map<string, CompletionWord[]>();
  for (const command of commands) {
    const [first, second] = command.name.split(" ");
    if (second === undefined) {
      top.push({ word: first, summary: command.summary });
      continue;
    }
    if (!groups.has(first)) groups.set(first, []);
    groups.get(first)!.push({ word: second, summary: command.summary });
  }
  for (const [group, children] of groups) {
    if (top.some((t) => t.word === group)) continue;
    top.push({ word: group, summary: `${children.map((c) => c.word).join(", ")}` });
  }
  return {
    program: "apispec",
    top,
    groups,
    commands: commands.map((c) => ({
      name: c.name,
      words: c.name.split(" "),
      summary: c.summary,
      flags: c.flags.map(flag),
      args: c.args.map(arg),
    })),
    globals: globals.map(flag),
  };
}

/** Every flag name that takes a value in some command, for shells that walk words without knowing the command. */
export function valueFlagNames(model: CompletionModel): string[] {
  const names = new Set<string>();
  for (const f of [...model.globals, ...model.commands.flatMap((c) => c.flags)]) {
    if (!f.takesValue) continue;
    names.add(`--${f.long}`);
    if (f.short) names.add(`-${f.short}`);
  }
  return [...names].sort();
}

/** Where a value's candidates come from: a word list, or paths. */
export interface ValueSource {
  values?: readonly string[];
  complete?: "file" | "dir";
}

/**
 * Every flag and positional that has candidates, keyed for lookup tables:
 * `"<command> --<flag>"` (`"* --<flag>"` for a global flag) and
 * `"<command> <index>"` (`"<command> *"` for a variadic argument).
 */
export function valueTables(
  model: CompletionModel,
): { flags: [string, ValueSource][]; args: [string, ValueSource][] } {
  const has = (item: ValueSource) => item.values !== undefined || item.complete !== undefined;
  const flags: [string, ValueSource][] = [];
  const args: [string, ValueSource][] = [];
  for (const command of model.commands) {
    for (const f of command.flags.filter(has)) flags.push([`${command.name} --${f.long}`, f]);
    command.args.forEach((a, index) => {
      if (has(a)) args.push([`${command.name} ${a.variadic ? "*" : index}`, a]);
    });
  }
  for (const f of model.globals.filter(has)) flags.push([`* --${f.long}`, f]);
  return { flags, args };
}
