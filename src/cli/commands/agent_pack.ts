/** `apispec agent pack`: write the agent context file (default `.apispec/agent-context.md`). */
import { writeAgentPack } from "../../ops/context/agent_pack.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";
import { contextRequest } from "./context_flags.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const result = await writeAgentPack(
    { ...contextRequest(args, io), out: args.flags.out as string | undefined },
    io.ctx,
  );
  printIssues(result.issues, io);
  if (result.file) {
    io.out(`Wrote ${result.file} (about ${result.tokens} tokens of ${args.flags["token-budget"]})`);
  }
  return result.exitCode;
}
