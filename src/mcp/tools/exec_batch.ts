/** `apispec_exec_batch`: run several endpoints, through `execBatch` (ops/batch.ts). */
import { z } from "zod";
import { env, loose, vars } from "../schemas.ts";
import { defineTool, failure, runDefaults, structured } from "../tool.ts";
import { confinePaths } from "../confine.ts";

export const tool = defineTool({
  name: "apispec_exec_batch",
  config: {
    description: "Run endpoint files and summarise: totals, then one short result per spec.",
    inputSchema: {
      specs: z.array(z.string()).min(1).describe("Endpoint files"),
      env,
      vars,
    },
    outputSchema: {
      summary: z.object({
        total: z.number(),
        passed: z.number(),
        failed: z.number(),
        duration_ms: z.number(),
      }).loose(),
      results: z.array(loose),
    },
    annotations: { openWorldHint: true },
  },
  handler: async (args, env) => {
    // Every path is checked before the first request: a refused one stops the whole batch.
    const files = await confinePaths(env, args.specs);
    if (!files.ok) return failure(files.reason);
    const { execBatch } = await import("../../ops/run/batch.ts");
    const result = await execBatch(files.paths, runDefaults(args, env.session), env.ctx);
    // Results name each spec as the agent wrote it, not by the checked absolute path.
    const given = new Map(files.paths.map((path, i) => [path, args.specs[i]]));
    return structured({
      ...result,
      results: result.results.map((r) => ({ ...r, spec: given.get(r.spec) ?? r.spec })),
    });
  },
});
