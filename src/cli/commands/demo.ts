/**
 * `apispec demo`: writes the embedded demo collection to a folder, starts the
 * embedded demo API on a free loopback port, and runs every endpoint against
 * it, then the onboarding flows (one with a sub-flow, a loop and a data
 * file), printing each result.
 */
import { renderExec } from "../../engine/render/exec.ts";
import { execSpec } from "../../ops/run/exec.ts";
import { startDemoApi } from "../../demo/api.ts";
import { DEMO_FLOWS, DEMO_RUN_ORDER, writeDemoCollection } from "../../demo/collection.ts";
import {
  renderFlowHeader,
  renderFlowStep,
  renderFlowSummary,
  renderRowHeading,
  renderRowsSummary,
} from "../../engine/render/flow.ts";
import { runFlow } from "../../ops/flow/flow.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";
import { untilSignal } from "../../adapters/signals.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const keep = args.flags.keep as string | undefined;
  const dir = keep
    ? await Deno.realPath(await ensureDir(keep))
    : await Deno.makeTempDir({ prefix: "apispec-demo-" });
  const api = startDemoApi();
  const { paint } = io;
  try {
    await writeDemoCollection(dir, api.url);
    io.out(
      `${paint.bold("apispec demo")}  demo API at ${paint.cyan(api.url)}, collection in ${
        paint.dim(`${dir}/api-docs`)
      }\n`,
    );
    // The token reaches the run the way a real secret should: as APISPEC_AUTH_TOKEN, never in a file.
    const ctx = { ...io.ctx, cwd: dir, env: { ...io.ctx.env, APISPEC_AUTH_TOKEN: api.token } };
    let passed = 0;
    for (const file of DEMO_RUN_ORDER) {
      const result = await execSpec({ file: `api-docs/${file}`, verbose: io.global.verbose }, ctx);
      printIssues(result.issues, io, result.sources);
      io.out(
        renderExec({
          title: result.spec?.title ?? file,
          file: `api-docs/${file}`,
          method: result.request?.method ?? "",
          url: result.request?.url ?? "",
          record: result.record,
          strictAssertions: false,
          verbose: io.global.verbose,
        }, paint) + "\n",
      );
      if (result.record.passed) passed++;
    }
    // Then the flows: create a user, read it back through the captured id, delete it; then the
    // same as a sub-flow once per row of a data file, with a loop over each row's orders.
    const view = { verbose: io.global.verbose, strictAssertions: false, dryRun: false };
    for (const file of DEMO_FLOWS) {
      io.out("");
      const flow = await runFlow(
        { file: `api-docs/${file}`, verbose: io.global.verbose },
        ctx,
        (step, detail) => io.out(renderFlowStep(step, detail, view, paint)),
        (header) => io.out(renderFlowHeader(header, paint)),
        (row) => io.out(renderRowHeading(row, paint)),
      );
      printIssues(flow.issues, io, flow.sources);
      io.out(
        (flow.iterations
          ? "\n" + renderRowsSummary(flow.iterations, {}, paint)
          : renderFlowSummary(flow, paint)) + "\n",
      );
      if (flow.passed) passed++;
    }
    const total = DEMO_RUN_ORDER.length + DEMO_FLOWS.length;
    const failed = total - passed;
    const summary =
      `${passed} passed, ${failed} failed (${DEMO_RUN_ORDER.length} endpoints, ${DEMO_FLOWS.length} flows)`;
    io.out(
      failed === 0
        ? paint.green(paint.bold(`✓ ${summary}`))
        : paint.red(paint.bold(`✗ ${summary}`)),
    );
    if (args.flags.serve) {
      await serveUntilStopped(dir, api, io);
      return failed === 0 ? 0 : 1;
    }
    io.out(paint.dim(
      keep
        ? `\nThe collection stays in ${dir}/api-docs, but the demo API has stopped (its baseUrl ` +
          `no longer answers); add --serve to keep it running. Try: apispec validate ${dir}/api-docs`
        : "\nKeep the collection with --keep <dir> (and the demo API with --serve); run the tests " +
          "with: npx -y deno@2.9.6 task test",
    ));
    return failed === 0 ? 0 : 1;
  } finally {
    await api.close();
    if (!keep) await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** `--serve`: the demo API keeps answering at the collection's baseUrl until Ctrl-C. */
async function serveUntilStopped(
  dir: string,
  api: { url: string; token: string },
  io: CliIO,
): Promise<void> {
  const stopped = untilSignal();
  const { paint } = io;
  io.out(
    `\nDemo API running at ${paint.cyan(api.url)} (the collection's baseUrl). In another shell:\n` +
      `  cd ${dir}\n` +
      `  export APISPEC_AUTH_TOKEN=${api.token}   # the demo API's token, never written to a file\n` +
      "  apispec exec api-docs/apis/users/get-user-by-id.md\n" +
      paint.dim("Press Ctrl-C to stop it."),
  );
  await stopped.done;
}

async function ensureDir(path: string): Promise<string> {
  await Deno.mkdir(path, { recursive: true });
  return path;
}
