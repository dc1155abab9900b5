/** `apispec skills install [--agent=<id>]`: exit 0, 2 when no agent is detected, 3 when a file could not be written. */
import type { AgentId } from "../../agents/registry.ts";
import { installSkills } from "../../ops/setup/skills.ts";
import { printActions } from "../agent_output.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const agent = args.flags.agent as AgentId | undefined;
  const result = await installSkills({ agent }, io.ctx, io.global.config);
  printActions(result.actions, io);
  printIssues(result.issues, io);
  if (result.exitCode === 0) {
    io.out(io.paint.dim("\nNext: `apispec install mcp` gives the agents the apispec MCP tools"));
  }
  return result.exitCode;
}
