/** `apispec_exec`: one endpoint, through the same op as `apispec exec`. */
import { z } from "zod";
import { env, execRecord, specPath, vars } from "../schemas.ts";
import { defineTool, failure, runDefaults, structured } from "../tool.ts";
import { confinePath } from "../confine.ts";

export const tool = defineTool({
  name: "apispec_exec",
  config: {
    description:
      "Send an endpoint's request and compare the response with the expected one. On failure: error_type, hint, diff; then apispec_diagnose.",
    inputSchema: {
      spec_path: specPath,
      env,
      vars,
      verbose: z.boolean().default(false).describe("Include full request and response"),
      dry_run: z.boolean().default(false).describe("Resolve the request without sending it"),
      infer_expected: z.boolean().default(false).describe(
        "Add inferred_expected: an expected block from the actual response",
      ),
    },
    outputSchema: execRecord,
    annotations: { openWorldHint: true },
  },
  handler: async (args, env) => {
    const { ctx, session } = env;
    const file = await confinePath(env, args.spec_path);
    if (!file.ok) return failure(file.reason);
    const { execSpec } = await import("../../ops/run/exec.ts");
    const result = await execSpec({
      file: file.path,
      ...runDefaults(args, session),
      dryRun: args.dry_run,
      verbose: args.verbose,
    }, ctx);
    const record: Record<string, unknown> = { ...result.record };
    if (args.infer_expected && result.response) {
      const { inferExpectedBlock } = await import("../../engine/render/expected_block.ts");
      record.inferred_expected = inferExpectedBlock(result.response);
    }
    return structured(record);
  },
});
