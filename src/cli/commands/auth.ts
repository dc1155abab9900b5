/**
 * `apispec auth login|status|logout`: OAuth 2.0 tokens of the collection,
 * kept in the user's cache folder (docs/auth.md). Tokens are never printed.
 */
import { EXIT } from "../../engine/issue.ts";
import { authLogin, authLogout, authStatus, type TokenStatus } from "../../ops/auth/auth.ts";
import { openInBrowser } from "../../adapters/oauth_callback.ts";
import type { CommandModule } from "../command_module.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { runSetup } from "../run_setup.ts";
import { printIssues, printJson } from "../output.ts";

export function authCommand(action: "login" | "status" | "logout"): CommandModule {
  return { run: action === "login" ? login : action === "status" ? status : logout };
}

async function login(args: ParsedArgs, io: CliIO): Promise<number> {
  const setup = await runSetup(args, io);
  if (!setup) return EXIT.invalidSpec;
  const json = args.flags.output === "json";
  const result = await authLogin(
    {
      env: setup.env,
      cli: setup.vars,
      config: io.global.config,
      ...(args.positionals[0] ? { file: args.positionals[0] } : {}),
      transportOptions: setup.transport,
    },
    io.ctx,
    {
      onUrl: async (url) => {
        // The URL goes to stderr, so `--output json` keeps stdout for the result.
        io.err(`Open this URL to sign in:\n\n  ${url}\n`);
        if (args.flags["no-browser"] !== true && await openInBrowser(url)) {
          io.err("(opened in your browser; waiting for it to come back)");
        }
      },
    },
  );
  printIssues(result.issues, io);
  if (json) {
    const { issues: _, exitCode: __, ...wire } = result;
    printJson(wire, io);
  } else if (result.passed) {
    const expiry = result.expires_at ? `, expires ${result.expires_at}` : "";
    io.out(`${io.paint.green("✓")} Token for "${result.env}" cached (${result.grant}${expiry})`);
  } else if (result.hint) {
    io.err(`error[${result.error_type}]: ${result.hint}`);
  }
  return result.exitCode;
}

async function status(args: ParsedArgs, io: CliIO): Promise<number> {
  const { tokens } = await authStatus({ env: args.flags.env as string | undefined }, io.ctx);
  if (args.flags.output === "json") {
    printJson({ tokens }, io);
    return EXIT.passed;
  }
  if (tokens.length === 0) {
    io.out("No cached tokens. `apispec auth login` signs in; runs cache the tokens they fetch.");
    return EXIT.passed;
  }
  for (const token of tokens) io.out(statusLine(token, io));
  return EXIT.passed;
}

function statusLine(token: TokenStatus, io: CliIO): string {
  const expiry = token.expires_at === undefined
    ? "no expiry given"
    : token.expired
    ? io.paint.red(`expired ${token.expires_at}`)
    : `expires ${token.expires_at} (in ${token.expires_in} s)`;
  const scope = token.scope ? ` scope "${token.scope}"` : "";
  const refresh = token.refreshable ? ", refreshable" : "";
  return `${token.env}  ${token.grant}  ${token.token_url}${scope}  ${expiry}${refresh}`;
}

async function logout(args: ParsedArgs, io: CliIO): Promise<number> {
  const env = args.flags.env as string | undefined;
  const { removed } = await authLogout({ env }, io.ctx);
  io.out(`Removed ${removed} cached token${removed === 1 ? "" : "s"}${env ? ` of "${env}"` : ""}`);
  return EXIT.passed;
}
