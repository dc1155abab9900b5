/** Flags `apispec context` and `apispec agent pack` share, and their mapping onto a context request. */
import type { FlagDef, ParsedArgs } from "../args.ts";
import { CONTEXT_MODES } from "../../engine/render/context_intent.ts";
import type { ContextRequest } from "../../ops/context/context.ts";
import type { CliIO } from "../io.ts";

export function contextFlags(defaults: { tokenBudget: number; maxFields: number }): FlagDef[] {
  return [
    {
      name: "root",
      type: "string",
      valueName: "dir",
      default: "api-docs",
      description: "Docs root",
      complete: "dir",
    },
    {
      name: "changed-from",
      type: "string",
      valueName: "ref",
      description: "Only specs changed since this git ref",
    },
    {
      name: "token-budget",
      type: "integer",
      valueName: "n",
      default: defaults.tokenBudget,
      description: "Approximate output size in tokens (chars / 4); never exceeded",
    },
    {
      name: "mode",
      type: "enum",
      values: CONTEXT_MODES,
      default: "surgical",
      description: "Layout; schema prints JSON",
    },
    {
      name: "intent",
      type: "string",
      valueName: "name",
      default: "implement",
      description: "implement, debug, test, review or document: what is selected, and its order",
    },
    {
      name: "brief",
      type: "boolean",
      default: true,
      description: "No title/guidance (--brief=false adds them)",
    },
    {
      name: "max-fields",
      type: "integer",
      valueName: "n",
      default: defaults.maxFields,
      description: "Max fields per section",
    },
    {
      name: "include",
      type: "string",
      valueName: "list",
      description:
        "Comma list: title, variables, request, response, errors, assertions, rules, verify, guidance, all",
    },
    { name: "no-guidance", type: "boolean", description: "Omit workflow guidance" },
    {
      name: "env",
      type: "string",
      valueName: "name",
      description: "Environment in suggested commands (default: project default-env, else dev)",
    },
  ];
}

/** `a b flow onboarding c` → `a`, `b`, `flow onboarding`, `c`. */
export function contextTargets(positionals: string[]): string[] {
  const targets: string[] = [];
  for (let i = 0; i < positionals.length; i++) {
    if (positionals[i] === "flow" && i + 1 < positionals.length) {
      targets.push(`flow ${positionals[++i]}`);
    } else targets.push(positionals[i]);
  }
  return targets;
}

export function contextRequest(args: ParsedArgs, io: CliIO): ContextRequest {
  const flags = args.flags;
  return {
    targets: contextTargets(args.positionals),
    changedFrom: flags["changed-from"] as string | undefined,
    root: flags.root as string,
    env: flags.env as string | undefined,
    tokenBudget: flags["token-budget"] as number,
    mode: flags.mode as ContextRequest["mode"],
    intent: flags.intent as string,
    brief: flags.brief as boolean,
    maxFields: flags["max-fields"] as number,
    include: flags.include as string | undefined,
    noGuidance: flags["no-guidance"] === true,
    // -v/--verbose is global; for context it means "include the full blocks".
    verbose: io.global.verbose,
    order: "cli",
    config: io.global.config,
  };
}
