/** `apispec skills uninstall [--agent=<id>]`: removes only files carrying apispec's stamp. */
import type { AgentId } from "../../agents/registry.ts";
import { uninstallSkills } from "../../ops/setup/skills.ts";
import { printActions } from "../agent_output.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const agent = args.flags.agent as AgentId | undefined;
  const result = await uninstallSkills({ agent }, io.ctx, io.global.config);
  printActions(result.actions, io);
  printIssues(result.issues, io);
  if (result.actions.length === 0 && result.issues.length === 0) {
    io.out(`No apispec skill files found${agent ? ` for ${agent}` : ""}`);
  }
  return result.exitCode;
}
