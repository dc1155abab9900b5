/**
 * What every command that sends requests checks first: `--var` values parse,
 * and a production environment is confirmed. Problems are printed here.
 */
import type { ParsedArgs } from "./args.ts";
import { parseVars } from "./args.ts";
import { confirmProduction } from "./confirm.ts";
import type { CliIO } from "./io.ts";
import { printIssues } from "./output.ts";
import { resolve } from "../adapters/path.ts";
import type { TransportOptions } from "../ops/auth/transport.ts";

/** The run's `--var` values and `--env`; undefined (reasons printed) when it must not start: exit 2. */
export async function runSetup(
  args: ParsedArgs,
  io: CliIO,
): Promise<
  { vars: Record<string, string>; env?: string; transport: TransportOptions } | undefined
> {
  const { vars, issues } = parseVars(args.flags.var as string[] | undefined);
  const env = args.flags.env as string | undefined;
  const refused = await confirmProduction(env, io);
  if (issues.length > 0 || refused) {
    printIssues(refused ? [...issues, refused] : issues, io);
    return undefined;
  }
  return { vars, env, transport: transportOptions(args, io.ctx.cwd) };
}

/** `--ca/--cert/--key/--insecure/--no-token-cache`, paths made absolute from the working folder. */
function transportOptions(args: ParsedArgs, cwd: string): TransportOptions {
  const path = (value: unknown) => typeof value === "string" ? resolve(cwd, value) : undefined;
  const ca = (args.flags.ca as string[] | undefined)?.map((p) => resolve(cwd, p));
  const cert = path(args.flags.cert);
  const key = path(args.flags.key);
  return {
    ...(ca?.length ? { ca } : {}),
    ...(cert ? { cert } : {}),
    ...(key ? { key } : {}),
    ...(args.flags.insecure === true ? { insecure: true } : {}),
    ...(args.flags["no-token-cache"] === true ? { noTokenCache: true } : {}),
  };
}
