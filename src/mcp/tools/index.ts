/** Every tool the server registers, in SPEC.md's order. */
import type { ToolDef } from "../tool.ts";
import { tool as exec } from "./exec.ts";
import { tool as author } from "./author.ts";
import { tool as vars } from "./vars.ts";
import { tool as search } from "./search.ts";
import { tool as context } from "./context.ts";
import { tool as session } from "./session.ts";
import type { FlowOps } from "./flows/contract.ts";
import { diagnoseTool } from "./flows/diagnose.ts";
import { execBatchTool } from "./flows/exec_batch.ts";
import { flowTool } from "./flows/flow.ts";
import { historyTool } from "./flows/history.ts";

/** The tools; those that need an op of branch `flows` appear only when it is present. */
// deno-lint-ignore no-explicit-any
export function allTools(ops: Partial<FlowOps>): ToolDef<any>[] {
  return [
    exec,
    ops.diagnoseSpec && diagnoseTool(ops.diagnoseSpec),
    ops.runFlow && flowTool(ops.runFlow),
    author,
    vars,
    search,
    context,
    ops.readHistory && historyTool(ops.readHistory),
    session,
    ops.execBatch && execBatchTool(ops.execBatch),
    // deno-lint-ignore no-explicit-any
  ].filter((tool): tool is ToolDef<any> => tool !== undefined);
}
