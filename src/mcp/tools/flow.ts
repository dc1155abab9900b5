/** `apispec_flow`: run a pipeline file through the same op as `apispec flow`. */
import { z } from "zod";
import { env, loose } from "../schemas.ts";
import { defineTool, failure, issuesText, runDefaults, structured } from "../tool.ts";
import { confinePath } from "../confine.ts";

export const tool = defineTool({
  name: "apispec_flow",
  config: {
    description:
      "Run a flow file: steps chained by captures (sub-flows, loops, conditions); with a data: " +
      "file, once per row in iterations.",
    inputSchema: {
      pipeline_path: z.string().describe("Flow file (from cwd or api-docs/)"),
      env,
      verbose: z.boolean().default(false).describe("Include each step's full execution record"),
    },
    outputSchema: {
      passed: z.boolean(),
      captures: z.record(z.string(), z.unknown()).optional(),
      steps: z.array(loose).optional(),
      iterations: z.array(loose).optional(),
    },
    annotations: { openWorldHint: true },
  },
  handler: async (args, env) => {
    const { ctx, session } = env;
    const file = await confinePath(env, args.pipeline_path);
    if (!file.ok) return failure(file.reason);
    const { flowJson, runFlow } = await import("../../ops/flow/flow.ts");
    const result = await runFlow({
      file: file.path,
      ...runDefaults(args, session),
      verbose: args.verbose,
    }, ctx);
    // An invalid pipeline or step file stops before any request: the parser's message is the answer.
    const ran = result.steps.some((s) => !s.skipped);
    if (!ran && result.issues.some((i) => i.severity === "error")) {
      return failure(issuesText(result.issues));
    }
    return structured(flowJson(result));
  },
});
