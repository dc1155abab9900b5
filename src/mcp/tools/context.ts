/** `apispec_context`: bounded API context for a target, a flow or the specs changed since a ref. */
import { z } from "zod";
import { CONTEXT_MODES } from "../../engine/render/context_intent.ts";
import { defineTool, failure, issuesText, structured } from "../tool.ts";
import { confinePath, confinePaths } from "../confine.ts";
import { exists } from "../../adapters/fs.ts";

export const tool = defineTool({
  name: "apispec_context",
  config: {
    description:
      "Bounded API context for a target, a flow, specs changed since a git ref, or the whole collection, within token_budget; schema mode gives JSON.",
    inputSchema: {
      target: z.string().optional().describe(
        "Endpoint id (users/get-user), `GET /users/:id`, path or `flow <name>`; comma list",
      ),
      changed_from: z.string().optional().describe("Git ref: specs changed since it"),
      root: z.string().default("api-docs").describe("Docs root"),
      token_budget: z.number().int().min(1).max(99999).default(600).describe(
        "Approximate output tokens",
      ),
      mode: z.enum(CONTEXT_MODES).default("surgical"),
      intent: z.string().default("implement").describe(
        "implement, debug, test, review or document",
      ),
      brief: z.boolean().default(true).describe("No title/guidance; bounded sections"),
      max_fields: z.number().int().min(1).max(999).default(6).describe("Max fields per section"),
      include: z.string().optional().describe(
        "Comma list of title, variables, request, response, errors, assertions, rules, verify, guidance, all",
      ),
      no_guidance: z.boolean().default(false),
      verbose: z.boolean().default(false).describe(
        "Add full request and expected blocks",
      ),
      env: z.string().optional().describe(
        "Env named in suggested commands",
      ),
    },
    outputSchema: {
      text: z.string(),
      target: z.string().nullable(),
      mode: z.enum(CONTEXT_MODES),
      intent: z.string(),
      token_budget: z.number(),
      contract: z.unknown().optional(),
    },
    annotations: { readOnlyHint: true },
  },
  handler: async (args, env) => {
    const { ctx, session, indexes } = env;
    const targets = (args.target ?? "").split(",").map((t) => t.trim()).filter(Boolean);
    // The docs root and file targets stay in the project; ids and `GET /path` name indexed files.
    const root = await confinePath(env, args.root);
    if (!root.ok) return failure(root.reason);
    const files = await confinePaths(env, targets.filter(isFileTarget).map(fileOf));
    if (!files.ok) return failure(files.reason);
    const { buildContext } = await import("../../ops/context/context.ts");
    const result = await buildContext(
      {
        targets: targets.map((t) =>
          isFileTarget(t) ? t.replace(fileOf(t), files.paths.shift()!) : t
        ),
        changedFrom: args.changed_from,
        // The default name falls back to the discovered collection when no such folder is here.
        root: args.root === "api-docs" && !await exists(root.path) ? args.root : root.path,
        env: args.env ?? session.env,
        tokenBudget: args.token_budget,
        mode: args.mode,
        intent: args.intent,
        brief: args.brief,
        maxFields: args.max_fields,
        include: args.include,
        noGuidance: args.no_guidance,
        verbose: args.verbose,
        order: "tool",
        session: session.vars,
      },
      ctx,
      await indexes(),
    );
    if (result.exitCode !== 0) return failure(issuesText(result.issues));
    const { text, target, mode, intent, token_budget, contract } = result;
    return structured(
      mode === "schema"
        ? { text, target, mode, intent, token_budget, contract }
        : { text, target, mode, intent, token_budget },
    );
  },
});

/** A target naming a file (`apis/users/get-user.md`, `flow flows/checkout.md`), as findTarget reads it. */
function isFileTarget(target: string): boolean {
  return /\.md$/i.test(target);
}

function fileOf(target: string): string {
  return target.replace(/^flow\s+/i, "");
}
