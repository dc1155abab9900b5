/** `apispec_vars`: which variables an endpoint needs and where each resolves from. */
import { z } from "zod";
import { env, loose, specPath } from "../schemas.ts";
import { defineTool, failure, issuesText, runDefaults, structured } from "../tool.ts";
import { confinePath } from "../confine.ts";

export const tool = defineTool({
  name: "apispec_vars",
  config: {
    description:
      "An endpoint's variables: resolved or not in the env, and from where. Sends nothing.",
    inputSchema: { spec_path: specPath, env },
    outputSchema: {
      spec: z.string(),
      env: z.string(),
      ready: z.boolean(),
      variables: z.array(loose),
    },
    annotations: { readOnlyHint: true },
  },
  handler: async (args, env) => {
    const { ctx, session } = env;
    const file = await confinePath(env, args.spec_path);
    if (!file.ok) return failure(file.reason);
    const { execSpec } = await import("../../ops/run/exec.ts");
    // A dry run resolves exactly as a run would, so the report cannot drift from exec.
    const result = await execSpec({
      file: file.path,
      ...runDefaults(args, session),
      dryRun: true,
    }, ctx);
    const blocking = result.issues.filter((i) =>
      i.severity === "error" && i.code !== "VAR_MISSING"
    );
    if (result.variables.length === 0 && blocking.length > 0) return failure(issuesText(blocking));
    return structured({
      spec: result.file,
      env: result.env,
      ready: result.variables.every((v) => v.resolved),
      variables: result.variables,
    });
  },
});
