/** `apispec_fuzz`: `fuzzApi` (ops/fuzz/fuzz.ts) with the project's OpenAPI document; production refused. */
import { z } from "zod";
import { env, loose } from "../schemas.ts";
import { defineTool, failure, issuesText, runDefaults, structured } from "../tool.ts";

export const tool = defineTool({
  name: "apispec_fuzz",
  config: {
    description: "Fuzz the API from project.md's OpenAPI document (test envs only); " +
      "failures become endpoint files.",
    inputSchema: {
      env,
      seed: z.number().int().min(0).max(2 ** 31).optional().describe("Repeat a run"),
      max_examples: z.number().int().min(1).max(1000).default(50),
      stateful: z.boolean().default(false).describe("Follow links and flows"),
    },
    outputSchema: {
      operations: z.number(),
      requests: z.number(),
      seed: z.number(),
      failures: z.array(loose),
    },
    annotations: { destructiveHint: true, openWorldHint: true },
  },
  handler: async (args, { ctx, session }) => {
    const { fuzzApi } = await import("../../ops/fuzz/fuzz.ts");
    const result = await fuzzApi({
      ...runDefaults({ env: args.env }, session),
      seed: args.seed,
      maxExamples: args.max_examples,
      stateful: args.stateful,
    }, ctx);
    if (result.seed === undefined) return failure(issuesText(result.issues));
    return structured({ ...result.summary, seed: result.seed });
  },
});
