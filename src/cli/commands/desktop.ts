/**
 * `apispec desktop [<path>]`: the preview server in this process on a free
 * loopback port, shown in an app window. Closing the window (or Ctrl-C)
 * stops it.
 */
import { EXIT } from "../../engine/issue.ts";
import { untilSignal } from "../../adapters/signals.ts";
import { startPreview } from "../../preview/serve.ts";
import { openAppWindow } from "../../desktop/browser.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const stopped = untilSignal();
  const { server, issues } = await startPreview({
    path: args.positionals[0],
    host: "127.0.0.1",
    port: 0,
    env: args.flags.env as string | undefined,
    mock: args.flags.mock === true,
    ctx: io.ctx,
  });
  if (!server) {
    stopped.stop();
    printIssues(issues, io);
    return EXIT.engineError;
  }
  const { paint } = io;
  io.out(`${paint.bold("apispec desktop")}  ${paint.cyan(server.url)}`);
  const window = await openAppWindow(server.url, io.ctx.env);
  if (window) {
    io.out(
      paint.dim(
        window.app
          ? `Opened in an app window of ${window.opener}`
          : `Opened in the ${window.opener}`,
      ),
    );
  } else {
    io.out(paint.dim(`No browser could be opened; open ${server.url} yourself.`));
  }
  io.out(
    paint.dim(window?.app ? "Close the window or press Ctrl-C to stop." : "Press Ctrl-C to stop."),
  );
  await Promise.race([stopped.done, server.finished, window?.closed ?? new Promise(() => {})]);
  stopped.stop();
  await window?.close();
  await server.close();
  return EXIT.passed;
}
