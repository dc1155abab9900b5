/** `apispec_session`: the env and vars every exec/flow tool defaults to, held in memory only. */
import { z } from "zod";
import { sessionView, updateSession } from "../session.ts";
import { defineTool, failure, structured } from "../tool.ts";

export const tool = defineTool({
  name: "apispec_session",
  config: {
    description:
      "Get or set the session env and vars: defaults for the run tools until the server stops; explicit arguments win. Secrets masked.",
    inputSchema: {
      action: z.enum(["get", "set"]),
      env: z.string().optional().describe('set only; "" clears it'),
      vars: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
        .optional().describe("set only; merged by name, null removes one"),
    },
    outputSchema: { env: z.string().nullable(), vars: z.record(z.string(), z.string()) },
    annotations: { idempotentHint: true },
  },
  handler: (args, { session }) => {
    if (args.action === "get" && (args.env !== undefined || args.vars !== undefined)) {
      return Promise.resolve(failure('env and vars are only read with action "set"'));
    }
    if (args.action === "set") updateSession(session, { env: args.env, vars: args.vars });
    return Promise.resolve(structured(sessionView(session)));
  },
});
