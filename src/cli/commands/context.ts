/** `apispec context`: the context tool's output on stdout, as markdown or JSON. */
import { buildContext } from "../../ops/context/context.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues, printJson } from "../output.ts";
import { contextRequest } from "./context_flags.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const result = await buildContext(contextRequest(args, io), io.ctx);
  printIssues(result.issues, io);
  if (result.exitCode !== 0) return result.exitCode;
  if (args.flags.output === "json") {
    const { text, env, root, target, mode, intent, token_budget, tokens, contract } = result;
    printJson({
      text,
      env,
      root,
      target,
      mode,
      intent,
      token_budget,
      tokens,
      ...(contract === undefined ? {} : { contract }),
    }, io);
  } else {
    io.out(result.text);
  }
  return result.exitCode;
}
