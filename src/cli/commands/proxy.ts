/**
 * `apispec proxy [<dir>] --target <url>`: a reverse proxy in front of an API
 * that compares every exchange with the endpoint file documenting it, prints
 * one line per exchange on stderr, appends them to `--report`, and with
 * `--record` writes drafts for routes no file documents. Runs until Ctrl-C
 * (exit 0); a busy port exits 3 naming it.
 */
import { basename, join, resolve } from "../../adapters/path.ts";
import { EXIT, type Issue, issue } from "../../engine/issue.ts";
import { exists, isDirectory } from "../../adapters/fs.ts";
import { COLLECTION_DIR, displayPath, findCollectionRoot } from "../../ops/collection/load.ts";
import type { RouteLoad } from "../../ops/collection/endpoint_routes.ts";
import { renderReload } from "../../mock/render.ts";
import { shutdownSignal } from "../../mock/serve.ts";
import { CONTROL_PATH, publicTarget } from "../../proxy/announce.ts";
import { renderExchangeLine } from "../../proxy/report_entry.ts";
import { startProxyServer } from "../../proxy/serve.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1)$/;

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const target = parseTarget(args.flags.target as string | undefined);
  if ("issue" in target) return usage(io, target.issue);
  const port = args.flags.port as number;
  if (port > 65535) {
    return usage(
      io,
      issue("USAGE", `Port ${port} is out of range`, {
        fix: "Pass --port=<n> with n from 0 to 65535",
      }),
    );
  }
  const root = await collectionRoot(args.positionals[0], io);
  if ("issue" in root) return usage(io, root.issue);
  const hostname = args.flags.host as string;
  const quiet = args.flags.quiet === true;
  const record = args.flags.record === undefined
    ? undefined
    : resolve(io.ctx.cwd, String(args.flags.record));
  const report = args.flags.report === undefined
    ? undefined
    : resolve(io.ctx.cwd, String(args.flags.report));

  const started = await startProxyServer({
    root: root.path,
    target: target.url,
    hostname,
    port,
    record,
    report,
    timeoutMs: (args.flags.timeout as number | undefined) ?? 30_000,
    onExchange: (entry, note) => {
      if (quiet && entry.passed !== false && !note.recorded) return;
      io.err(renderExchangeLine(entry, note, io.errPaint));
    },
    onReload: (load, previous) => printReload(load, previous, io),
    onError: (error) => io.err(`${io.errPaint.yellow("warning")}: ${error.message}`),
  }, io.ctx);
  if (started.load) printIssues(started.load.issues, io, started.load.sources);
  if (!started.proxy) {
    printIssues(started.issues, io);
    return EXIT.engineError;
  }
  const { proxy, load } = started;
  const shown = (path: string) => displayPath(path, io.ctx.cwd) || ".";
  const routes = load?.table.routes.length ?? 0;
  io.out(
    `${io.paint.bold("apispec proxy")}: ${proxy.url} → ${publicTarget(target.url)}, ` +
      (load
        ? `comparing with ${routes} endpoint file${routes === 1 ? "" : "s"} from ${
          shown(root.path!)
        }`
        : io.paint.yellow(`no collection at ${shown(root.path!)}: every exchange is undocumented`)),
  );
  if (record) io.out(`Recording drafts of undocumented routes into ${shown(record)}/apis/`);
  if (report) io.out(`Reporting every exchange to ${shown(report)}`);
  io.out(`Counts: GET ${proxy.url}${CONTROL_PATH}  (latest exchanges: ${CONTROL_PATH}/exchanges)`);
  if (!LOOPBACK.test(hostname)) {
    io.err(
      `${io.errPaint.yellow("warning")}: --host=${hostname} lets other machines send requests ` +
        "through the proxy to the target",
    );
  }
  io.out(`Listening on ${io.paint.cyan(proxy.url)}  (Ctrl-C to stop)`);

  await shutdownSignal();
  await proxy.close();
  const counts = proxy.handler.stats.counts;
  io.out(
    `Proxy stopped: ${counts.exchanges} exchanges, ${counts.matched} matched, ` +
      `${counts.violations} violation${counts.violations === 1 ? "" : "s"}, ` +
      `${counts.recorded} recorded`,
  );
  return EXIT.passed;
}

function parseTarget(text: string | undefined): { url: URL } | { issue: Issue } {
  const fix = "Pass the API to forward to: --target=http://127.0.0.1:8080";
  if (!text) return { issue: issue("USAGE", "proxy needs --target", { fix }) };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { issue: issue("USAGE", `Invalid --target "${text}"`, { fix }) };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return {
      issue: issue("USAGE", `--target must be http:// or https://, got "${publicTarget(url)}"`, {
        fix,
      }),
    };
  }
  if (url.search || url.hash) {
    return {
      issue: issue("USAGE", `--target takes an origin and a base path, without "?" or "#"`, {
        fix,
      }),
    };
  }
  return { url };
}

/** The collection to compare with: the argument (which must exist), else the discovered one. */
async function collectionRoot(
  given: string | undefined,
  io: CliIO,
): Promise<{ path?: string } | { issue: Issue }> {
  if (given !== undefined) {
    const path = resolve(io.ctx.cwd, given);
    // A project folder (the one that holds api-docs/, as `serve` takes it) means its collection:
    // the announcement then lands in that project's .apispec/, where `serve` reads it.
    const inside = join(path, COLLECTION_DIR);
    if (basename(path) !== COLLECTION_DIR && await isDirectory(inside)) return { path: inside };
    if (await isDirectory(path)) return { path };
    return {
      issue: issue(
        "USAGE",
        `Folder ${given} ${await exists(path) ? "is a file" : "does not exist"}`,
        {
          fix: "Pass the folder that holds the endpoint files, e.g. `apispec proxy api-docs`",
        },
      ),
    };
  }
  return { path: await findCollectionRoot({ config: io.global.config }, io.ctx) };
}

function printReload(load: RouteLoad, previous: RouteLoad, io: CliIO) {
  const key = (i: Issue) => `${i.file}:${i.line}:${i.message}`;
  const seen = new Set(previous.issues.map(key));
  printIssues(load.issues.filter((i) => !seen.has(key(i))), io, load.sources);
  io.out(renderReload(load.changed, previous.table.routes, load.table.routes, io.paint));
}

function usage(io: CliIO, problem: Issue): number {
  printIssues([problem], io);
  return EXIT.invalidSpec;
}
