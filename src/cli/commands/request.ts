/**
 * `apispec request <METHOD> <URL>`: prints the status line with reason and
 * duration, then the body; --verbose shows both messages in full.
 */
import { EXIT } from "../../engine/issue.ts";
import type { HttpMethod } from "../../engine/model.ts";
import {
  prettyBody,
  reasonPhrase,
  renderRequest,
  renderResponse,
} from "../../engine/render/exec.ts";
import { sendAdHoc } from "../../ops/run/request.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { runSetup } from "../run_setup.ts";
import { printIssues, printJson } from "../output.ts";

/** Where a body cut in the verbose view is shown whole. */
const WHOLE = "the same request without -v, or with --output=json";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const setup = await runSetup(args, io);
  if (!setup) return EXIT.invalidSpec;
  const { vars, env } = setup;
  const result = await sendAdHoc({
    method: args.positionals[0] as HttpMethod,
    url: args.positionals[1],
    headers: (args.flags.header as string[] | undefined) ?? [],
    data: args.flags.data as string | undefined,
    env,
    vars,
    dryRun: args.flags["dry-run"] === true,
    timeoutMs: args.flags.timeout as number | undefined,
    save: args.flags.save as string | undefined,
    config: io.global.config,
    transportOptions: setup.transport,
  }, io.ctx);
  printIssues(result.issues, io);
  const { paint } = io;
  if (args.flags.output === "json") {
    if (result.request) {
      printJson({
        request: result.request,
        response: result.response ?? null,
        duration_ms: result.duration_ms,
        error: result.failure ?? null,
        saved: result.saved ?? null,
        notes: result.notes,
      }, io);
    }
    return result.exitCode;
  }
  if (result.failure) {
    io.err(
      `${
        paint.red("error[NETWORK_ERROR]")
      }: ${result.request?.method} ${result.request?.url}: ${result.failure.message}`,
    );
  } else if (result.request && !result.response) {
    io.out(renderRequest(result.request, paint, WHOLE).join("\n"));
    io.out(paint.dim("Dry run: nothing was sent."));
  } else if (result.response) {
    const response = result.response;
    if (io.global.verbose) {
      io.out(
        [
          ...renderRequest(result.request!, paint, WHOLE),
          "",
          ...renderResponse(response, paint, WHOLE),
        ].join("\n"),
      );
      io.out(paint.dim(`${result.duration_ms} ms`));
    } else {
      const colour = response.status < 400 ? paint.green : paint.red;
      io.out(
        `${
          colour(
            paint.bold(
              `${response.status} ${reasonPhrase(response.status, response.reason)}`.trim(),
            ),
          )
        }  ${paint.dim(`${result.duration_ms} ms`)}`,
      );
      if (response.body) io.out(prettyBody(response.body));
    }
  }
  if (result.saved) io.err(`${paint.green("saved")}  ${result.saved}`);
  for (const note of result.notes) io.err(`${paint.dim("note")}   ${note}`);
  return result.exitCode;
}
