/** `apispec_search`: find endpoint files by words, method, path and tag. */
import { z } from "zod";
import { loose } from "../schemas.ts";
import { defineTool, structured } from "../tool.ts";

export const tool = defineTool({
  name: "apispec_search",
  config: {
    description:
      "Find endpoint files: every word of q in title or description. count is all matches; " +
      "results the best 20 as {method, path, title, file}; details: apispec_context.",
    inputSchema: {
      q: z.string().optional().describe("Words in title or description"),
      method: z.string().optional().describe("HTTP method"),
      path: z.string().optional().describe("URL path substring"),
      tag: z.string().optional(),
    },
    outputSchema: {
      count: z.number(),
      results: z.array(loose),
    },
    annotations: { readOnlyHint: true },
  },
  handler: async (args, { ctx, indexes, root }) => {
    const { searchSpecs } = await import("../../ops/collection/search.ts");
    return structured(await searchSpecs(args, await root(), ctx, await indexes()));
  },
});
