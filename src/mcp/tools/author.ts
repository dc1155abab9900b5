/** `apispec_author`: validate, then write an endpoint file atomically inside the collection. */
import { z } from "zod";
import { specPath } from "../schemas.ts";
import { defineTool, failure, issuesText, structured } from "../tool.ts";

export const tool = defineTool({
  name: "apispec_author",
  config: {
    description:
      "Validate endpoint markdown and write it; when invalid, nothing is written and the errors return.",
    inputSchema: {
      spec_path: specPath,
      content: z.string().describe("Full markdown of the endpoint file"),
      overwrite: z.boolean().default(false).describe("Replace an existing file"),
    },
    outputSchema: {
      created: z.boolean(),
      file: z.string(),
      method: z.string(),
      path: z.string(),
      title: z.string(),
      warnings: z.array(z.string()),
    },
    annotations: { destructiveHint: true },
  },
  handler: async (args, { ctx, indexes, root }) => {
    const { authorSpec } = await import("../../ops/collection/author.ts");
    const collection = await root();
    const result = await authorSpec(
      { path: args.spec_path, content: args.content, overwrite: args.overwrite },
      collection,
      ctx,
    );
    if (!result.ok) return failure(issuesText(result.issues));
    // The index learns of the write now rather than when the watcher reports it.
    (await indexes()).get(collection).invalidate(result.absolute);
    return structured(result.record);
  },
});
