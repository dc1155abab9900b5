/** Every tool the server registers, in SPEC.md's order. */
import type { ToolDef } from "../tool.ts";
import { tool as exec } from "./exec.ts";
import { tool as diagnose } from "./diagnose.ts";
import { tool as flow } from "./flow.ts";
import { tool as author } from "./author.ts";
import { tool as vars } from "./vars.ts";
import { tool as search } from "./search.ts";
import { tool as context } from "./context.ts";
import { tool as history } from "./history.ts";
import { tool as session } from "./session.ts";
import { tool as execBatch } from "./exec_batch.ts";
import { tool as fuzz } from "./fuzz.ts";

// deno-lint-ignore no-explicit-any
export const TOOLS: ToolDef<any>[] = [
  exec,
  diagnose,
  flow,
  author,
  vars,
  search,
  context,
  history,
  session,
  execBatch,
  fuzz,
];
