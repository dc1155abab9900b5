/**
 * `apispec install mcp [--agent=<id>]`: exit 0; 2 when no agent is detected
 * or a config file cannot be parsed (it is left unchanged); 3 when a file
 * cannot be written.
 */
import type { AgentId } from "../../agents/registry.ts";
import { installMcp } from "../../ops/setup/install_mcp.ts";
import { printActions } from "../agent_output.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const agent = args.flags.agent as AgentId | undefined;
  const result = await installMcp({ agent }, io.ctx, io.global.config);
  printActions(result.actions.map((a) => ({ action: a.action, path: a.file, agent: a.agent })), io);
  printIssues(result.issues, io);
  if (result.actions.some((a) => a.action !== "unchanged")) {
    io.out(
      io.paint.dim(
        "\nThe agents start `apispec mcp` themselves; restart them (or reload MCP servers) to see the tools",
      ),
    );
  }
  return result.exitCode;
}
