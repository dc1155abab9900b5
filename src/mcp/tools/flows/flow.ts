/** `apispec_flow`: run a pipeline file through `runFlow` (ops/flow.ts). */
import { z } from "zod";
import { env } from "../../schemas.ts";
import { defineTool, failure, issuesText, structured } from "../../tool.ts";
import type { FlowOps } from "./contract.ts";

export function flowTool(runFlow: FlowOps["runFlow"]) {
  return defineTool({
    name: "apispec_flow",
    config: {
      title: "Run a flow",
      description:
        "Run a pipeline file: steps in order (or as a DAG when parallel), captures passed on. " +
        "Session vars apply.",
      inputSchema: {
        pipeline_path: z.string().min(1).describe(
          "Flow file, relative to the working folder or api-docs/",
        ),
        env,
        verbose: z.boolean().default(false).describe("Include each step's full execution record"),
      },
      outputSchema: {
        passed: z.boolean(),
        captures: z.record(z.string(), z.unknown()),
        steps: z.array(
          z.object({
            name: z.string(),
            endpoint: z.string(),
            passed: z.boolean(),
            status: z.number(),
            error_type: z.string().nullable(),
          }).loose(),
        ),
      },
      annotations: { openWorldHint: true },
    },
    handler: async (args, { ctx, session }) => {
      const result = await runFlow({
        file: args.pipeline_path,
        env: args.env ?? session.env,
        session: session.vars,
        order: "tool",
        verbose: args.verbose,
      }, ctx);
      // An invalid pipeline or step file stops before any request: the parser's message is the answer.
      if (result.steps.length === 0 && result.issues.some((i) => i.severity === "error")) {
        return failure(issuesText(result.issues));
      }
      return structured({ passed: result.passed, captures: result.captures, steps: result.steps });
    },
  });
}
