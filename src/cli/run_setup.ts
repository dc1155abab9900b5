/**
 * What every command that sends requests checks first: `--var` values parse,
 * and a production environment is confirmed. Problems are printed here.
 */
import type { ParsedArgs } from "./args.ts";
import { parseVars } from "./args.ts";
import { confirmProduction } from "./confirm.ts";
import type { CliIO } from "./io.ts";
import { printIssues } from "./output.ts";

/** The run's `--var` values and `--env`; undefined (reasons printed) when it must not start: exit 2. */
export async function runSetup(
  args: ParsedArgs,
  io: CliIO,
): Promise<{ vars: Record<string, string>; env?: string } | undefined> {
  const { vars, issues } = parseVars(args.flags.var as string[] | undefined);
  const env = args.flags.env as string | undefined;
  const refused = await confirmProduction(env, io);
  if (issues.length > 0 || refused) {
    printIssues(refused ? [...issues, refused] : issues, io);
    return undefined;
  }
  return { vars, env };
}
