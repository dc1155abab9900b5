/**
 * `apispec mock [<dir>]`: serves every endpoint file's expected response at
 * its method and path until Ctrl-C (exit 0). Prints the route table, then one
 * line per request unless --quiet. Invalid files are reported and skipped; a
 * busy port exits 3 naming it.
 */
import { resolve } from "../../adapters/path.ts";
import { EXIT, type Issue, issue } from "../../engine/issue.ts";
import { exists, isDirectory } from "../../adapters/fs.ts";
import { displayPath, findCollectionRoot, noCollection } from "../../ops/collection/load.ts";
import {
  renderLogLine,
  renderReload,
  renderRouteTable,
  renderStateSummary,
} from "../../mock/render.ts";
import { planResources } from "../../engine/mock_state/resources.ts";
import { shutdownSignal, startMockServer } from "../../mock/serve.ts";
import { parseLatency } from "../../mock/faults.ts";
import { corsPolicy } from "../../mock/cors.ts";
import { DEFAULT_MAX_STATE_BYTES } from "../../mock/stateful.ts";
import { parseByteSize } from "../../engine/bytes.ts";
import { RESET_PATH } from "../../mock/handler.ts";
import type { RouteLoad } from "../../ops/collection/endpoint_routes.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1)$/;

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const port = args.flags.port as number;
  if (port > 65535) {
    return usage(io, `Port ${port} is out of range`, "Pass --port=<n> with n from 0 to 65535");
  }
  const latency = args.flags.latency === undefined
    ? undefined
    : parseLatency(String(args.flags.latency));
  if (args.flags.latency !== undefined && !latency) {
    return usage(
      io,
      `Invalid --latency "${args.flags.latency}"`,
      "Pass milliseconds (--latency=250) or a range (--latency=100-500)",
    );
  }
  const errorRate = args.flags["error-rate"] === undefined ? 0 : Number(args.flags["error-rate"]);
  if (!(errorRate >= 0 && errorRate <= 1)) {
    return usage(
      io,
      `Invalid --error-rate "${args.flags["error-rate"]}"`,
      "Pass a share from 0 to 1, e.g. --error-rate=0.1 for one request in ten",
    );
  }
  const stateful = args.flags.stateful === true;
  let maxStateBytes: number | undefined;
  if (args.flags["max-state"] !== undefined) {
    const given = String(args.flags["max-state"]);
    maxStateBytes = parseByteSize(given);
    if (!stateful) {
      return usage(io, "--max-state bounds the state of --stateful", "Add --stateful");
    }
    if (!maxStateBytes) {
      return usage(
        io,
        `Invalid --max-state "${given}"`,
        "Pass a size such as --max-state=64MiB, 1GiB or 500MB",
      );
    }
  }
  const cors = corsPolicy((args.flags["cors-origin"] as string[] | undefined) ?? []);
  if ("invalid" in cors) {
    return usage(
      io,
      `Invalid --cors-origin "${cors.invalid}"`,
      "Pass an origin as a browser sends it (--cors-origin=http://192.168.1.20:5173), or * for any",
    );
  }
  const root = await mockRoot(args.positionals[0], io);
  if ("issue" in root) {
    printIssues([root.issue], io);
    return root.exit;
  }
  const hostname = args.flags.host as string;
  const quiet = args.flags.quiet === true;
  const shown = displayPath(root.path, io.ctx.cwd) || ".";

  const started = await startMockServer({
    root: root.path,
    hostname,
    port,
    latency,
    errorRate,
    stateful,
    maxStateBytes,
    cors,
    onRequest: quiet ? undefined : (entry) => io.out(renderLogLine(entry, io.paint)),
    onReload: (load, previous) => {
      printNewIssues(load, previous, io);
      io.out(renderReload(load.changed, previous.table.routes, load.table.routes, io.paint));
    },
    onReloadError: (error) => io.err(`error[ENGINE_ERROR]: Reload failed: ${error.message}`),
  }, io.ctx);

  printIssues(started.load.issues, io, started.load.sources);
  if (!started.mock) {
    printIssues(started.issues, io);
    return EXIT.engineError;
  }
  const { mock, load } = started;
  const skipped = load.files - load.table.routes.length;
  io.out(
    `${io.paint.bold("apispec mock")}: ${load.table.routes.length} route${
      load.table.routes.length === 1 ? "" : "s"
    } from ${shown}${skipped > 0 ? io.paint.yellow(` (${skipped} file(s) skipped)`) : ""}`,
  );
  io.out(renderRouteTable(load.table.routes, io.paint));
  if (!LOOPBACK.test(hostname)) {
    io.err(
      io.errPaint.yellow("warning") +
        `: --host=${hostname} serves the mock to other machines on your network`,
    );
  }
  if (stateful) {
    const { collections } = planResources(load.table.routes);
    const budget = maxStateBytes ?? DEFAULT_MAX_STATE_BYTES;
    io.out(renderStateSummary(collections, { resetPath: RESET_PATH, budget }, io.paint));
  }
  if (cors.any) {
    io.err(
      io.errPaint.yellow("warning") +
        ": --cors-origin=* lets any web page you visit call the mock, and read and change its state",
    );
  }
  if (errorRate > 0) {
    io.out(
      `Faults: ${Math.round(errorRate * 1000) / 10}% of routed requests answer a documented 5xx`,
    );
  }
  io.out(`Listening on ${io.paint.cyan(mock.url)}  (watching ${shown}; Ctrl-C to stop)`);

  await shutdownSignal();
  await mock.close();
  io.out("Mock server stopped");
  return EXIT.passed;
}

/** The folder to serve: the argument, else the discovered collection. */
async function mockRoot(
  given: string | undefined,
  io: CliIO,
): Promise<{ path: string } | { issue: Issue; exit: number }> {
  if (given !== undefined) {
    const path = resolve(io.ctx.cwd, given);
    if (await isDirectory(path)) return { path };
    return {
      exit: EXIT.invalidSpec,
      issue: issue(
        "USAGE",
        `Folder ${given} ${await exists(path) ? "is a file" : "does not exist"}`,
        {
          fix: "Pass the folder that holds the endpoint files, e.g. `apispec mock api-docs`",
        },
      ),
    };
  }
  const path = await findCollectionRoot({ config: io.global.config }, io.ctx);
  if (await isDirectory(path)) return { path };
  return {
    exit: EXIT.engineError,
    issue: issue("ENGINE_ERROR", noCollection(path, io.ctx).message, {
      fix: "Pass the folder to serve (`apispec mock <dir>`), or run `apispec init` first",
    }),
  };
}

/** On reload, only issues that were not printed for the previous load. */
function printNewIssues(load: RouteLoad, previous: RouteLoad, io: CliIO) {
  const key = (i: Issue) => `${i.file}:${i.line}:${i.message}`;
  const seen = new Set(previous.issues.map(key));
  printIssues(load.issues.filter((i) => !seen.has(key(i))), io, load.sources);
}

function usage(io: CliIO, message: string, fix: string): number {
  printIssues([issue("USAGE", message, { fix })], io);
  return EXIT.invalidSpec;
}
