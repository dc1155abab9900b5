/** `apispec_diagnose`: run an endpoint and explain the outcome, through the same op as `apispec diagnose`. */
import { z } from "zod";
import { env, loose, specPath, vars } from "../schemas.ts";
import { defineTool, failure, issuesText, runDefaults, structured } from "../tool.ts";
import { confinePath } from "../confine.ts";

export const tool = defineTool({
  name: "apispec_diagnose",
  config: {
    description:
      "Run an endpoint and explain a failure: likely_cause, next_action, what to inspect, verify commands.",
    inputSchema: {
      spec_path: specPath,
      env,
      vars,
      timeout_ms: z.number().int().min(1).max(999999).optional().describe(
        "Default: the endpoint's timeout",
      ),
      strict_assertions: z.boolean().default(false),
    },
    outputSchema: {
      passed: z.boolean(),
      status: z.number(),
      error_type: z.string().nullable(),
      summary: z.string(),
      likely_cause: z.string(),
      next_action: z.string(),
      inspect: z.array(z.string()),
      verify: z.array(z.string()),
      diff: loose,
    },
    annotations: { openWorldHint: true },
  },
  handler: async (args, env) => {
    const { ctx, session } = env;
    const file = await confinePath(env, args.spec_path);
    if (!file.ok) return failure(file.reason);
    const { diagnoseSpec } = await import("../../ops/run/diagnose.ts");
    const result = await diagnoseSpec({
      file: file.path,
      ...runDefaults(args, session),
      timeoutMs: args.timeout_ms,
      strictAssertions: args.strict_assertions,
    }, ctx);
    // Only a file that cannot be read has no diagnosis; the agent reads why.
    return result.diagnosis ? structured(result.diagnosis) : failure(issuesText(result.issues));
  },
});
