/**
 * Intents decide what context holds and in which order: an implementer needs
 * the request and response contract first, a debugger the variables and the
 * diagnose command, a tester the assertions. The order is also the priority
 * when the token budget is short.
 */
import { type Issue, issue } from "../issue.ts";

export const CONTEXT_MODES = ["surgical", "compact", "schema"] as const;
export type ContextMode = typeof CONTEXT_MODES[number];

export const CONTEXT_PARTS = [
  "title",
  "variables",
  "request",
  "response",
  "errors",
  "assertions",
  "rules",
  "verify",
  "guidance",
] as const;
export type ContextPart = typeof CONTEXT_PARTS[number];

export const INTENTS = ["implement", "debug", "test", "review", "document"] as const;
export type Intent = typeof INTENTS[number];

/** Every part, most important first, per intent. */
// deno-fmt-ignore
const ORDER: Record<Intent, ContextPart[]> = {
  implement: ["request", "response", "errors", "variables", "verify", "rules", "assertions", "title", "guidance"],
  debug: ["variables", "verify", "response", "assertions", "errors", "request", "rules", "title", "guidance"],
  test: ["assertions", "response", "errors", "verify", "variables", "request", "rules", "title", "guidance"],
  review: ["rules", "request", "response", "errors", "assertions", "verify", "variables", "title", "guidance"],
  document: ["title", "request", "response", "errors", "variables", "verify", "rules", "assertions", "guidance"],
};

/** What a brief context holds per intent: the executable sections that intent acts on. */
const BRIEF: Record<Intent, number> = { implement: 5, debug: 5, test: 5, review: 6, document: 6 };

export function intentOf(intent: string): Intent {
  return (INTENTS as readonly string[]).includes(intent) ? intent as Intent : "implement";
}

export interface PartOptions {
  intent: string;
  brief: boolean;
  /** Comma list of parts, or `all`; replaces the intent's defaults. */
  include?: string;
  noGuidance: boolean;
}

/** The parts to render, most important first. */
export function selectParts(options: PartOptions): { parts: ContextPart[]; issues: Issue[] } {
  const order = ORDER[intentOf(options.intent)];
  const issues: Issue[] = [];
  let parts: ContextPart[];
  if (options.include?.trim()) {
    const names = options.include.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
    const unknown = names.filter((n) =>
      n !== "all" && !(CONTEXT_PARTS as readonly string[]).includes(n)
    );
    for (const name of unknown) {
      issues.push(issue("USAGE", `Unknown context part "${name}"`, {
        fix: `Use a comma list of: ${CONTEXT_PARTS.join(", ")}, all`,
      }));
    }
    parts = names.includes("all") ? order : order.filter((p) => names.includes(p));
  } else {
    parts = options.brief ? order.slice(0, BRIEF[intentOf(options.intent)]) : order;
  }
  if (options.noGuidance) parts = parts.filter((p) => p !== "guidance");
  return { parts, issues };
}

/** Workflow guidance per intent: how to work with the specs, not what they say. */
export const GUIDANCE: Record<Intent, string[]> = {
  implement: [
    "Make the code satisfy the expected response; if the contract must change, edit the spec first.",
    "Run the verify commands: exit 0 means the contract holds.",
    "Secrets go in APISPEC_* variables or .env.local, never in api-docs/.",
  ],
  debug: [
    "Run apispec diagnose first and act on error_type, likely_cause and next_action.",
    "VAR_MISSING: define the variable; NETWORK_ERROR: start the server at baseUrl; CONTRACT_MISMATCH: read the diff.",
    "Fix the code or the spec, whichever is wrong, then run verify again.",
  ],
  test: [
    "Cover the success response and every documented error response.",
    "Assertions fail a run only with --strict-assertions; use it in CI.",
    "Keep test data in vars or captures, never secrets in files.",
  ],
  review: [
    "Check each changed contract: removed fields, changed types or statuses break clients.",
    "Every changed spec must pass apispec validate; secrets in files fail with exit 5.",
  ],
  document: [
    "Keep the title, description and error responses true to the API.",
    "Run apispec validate on edited files and apispec index after adding files.",
  ],
};

/** Commands that check an endpoint for an intent. */
export function endpointVerify(intent: string, file: string, env: string): string[] {
  const exec = `apispec exec ${file} --env=${env}`;
  switch (intentOf(intent)) {
    case "debug":
      return [`apispec diagnose ${file} --env=${env}`, `${exec} -v`];
    case "test":
      return [`${exec} --strict-assertions`];
    case "review":
      return [`apispec validate ${file}`, exec];
    case "document":
      return [`apispec validate ${file}`, "apispec index"];
    default:
      return [exec];
  }
}

export function flowVerify(intent: string, file: string, env: string): string[] {
  const run = `apispec flow ${file} --env=${env}`;
  const kind = intentOf(intent);
  if (kind === "review" || kind === "document") {
    return [`apispec validate ${file}`, `${run} --dry-run`];
  }
  if (kind === "test") return [`${run} --strict-assertions`];
  return [run];
}
