/** `apispec_history`: recent runs of an endpoint and their trend, through `readHistory` (ops/history.ts). */
import { z } from "zod";
import { loose, specPath } from "../schemas.ts";
import { defineTool, failure, structured } from "../tool.ts";
import { confinePath } from "../confine.ts";

export const tool = defineTool({
  name: "apispec_history",
  config: {
    description: "Recent executions of an endpoint, newest first; trend over the last 6 runs.",
    inputSchema: {
      spec_path: specPath,
      last: z.number().int().min(1).max(200).default(10).describe("Entries to return"),
    },
    outputSchema: {
      spec: z.string(),
      trend: z.enum(["stable", "improving", "regressing"]),
      entries: z.array(loose),
    },
    annotations: { readOnlyHint: true },
  },
  handler: async (args, env) => {
    const file = await confinePath(env, args.spec_path);
    if (!file.ok) return failure(file.reason);
    const { readHistory } = await import("../../ops/run/history.ts");
    return structured(await readHistory(file.path, env.ctx, { last: args.last }));
  },
});
