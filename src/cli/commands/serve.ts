/** `apispec serve [<path>]`: the local preview server with the web UI, until Ctrl-C. */
import { EXIT, warning } from "../../engine/issue.ts";
import { untilSignal } from "../../adapters/signals.ts";
import { isWildcard, startPreview } from "../../preview/serve.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const host = args.flags.host as string;
  const port = args.flags.port as number;
  const mock = args.flags.mock === true;
  const env = args.flags.env as string | undefined;
  const stopped = untilSignal();
  const { server, issues } = await startPreview({
    path: args.positionals[0],
    host,
    port,
    env,
    mock,
    ctx: io.ctx,
    onError: (error) => {
      if (io.global.verbose) io.err(`error[ENGINE_ERROR]: ${(error as Error)?.stack ?? error}`);
    },
  });
  if (!server) {
    stopped.stop();
    printIssues(issues, io);
    return EXIT.engineError;
  }
  if (isWildcard(host)) {
    printIssues([warning(`--host ${host} exposes the preview to your network`, {
      fix:
        "Anyone who can reach this machine can read the specs and send requests from it; use --host 127.0.0.1 unless you mean it",
    })], io);
  }
  const { paint } = io;
  if (server.builtUi) {
    io.err("Built the web UI into web/dist/ (first serve from a source checkout)");
  }
  const workspace = await server.state.describe();
  io.out(`${paint.bold("apispec preview")}  ${paint.cyan(server.url)}`);
  io.out(paint.dim(
    `workspace ${workspace.collection}  env ${workspace.env}${
      mock ? "  mock: Send returns the expected response" : ""
    }`,
  ));
  io.out(paint.dim("Press Ctrl-C to stop."));
  await Promise.race([stopped.done, server.finished]);
  stopped.stop();
  await server.close();
  return EXIT.passed;
}
