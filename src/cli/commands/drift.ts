/**
 * `apispec drift [<openapi>] [<dir>] [--report ...] [--ignore <kind>]...`:
 * prints the drift report; github annotations name files from the repository
 * root, as a pull request shows them (and the summary is appended to
 * $GITHUB_STEP_SUMMARY when set). Exit 0, 1 (findings) or 2.
 */
import { relative, resolve } from "../../adapters/path.ts";
import type { DriftKind } from "../../engine/contract/model.ts";
import { renderJunit } from "../../engine/render/junit.ts";
import {
  driftCases,
  type DriftReport,
  renderDriftConsole,
  renderDriftGithub,
  renderDriftMarkdown,
} from "../../engine/render/drift.ts";
import { appendText, isDirectory, toSlash } from "../../adapters/fs.ts";
import { repositoryTop } from "../../adapters/git.ts";
import { displayPath, findCollectionRoot } from "../../ops/collection/load.ts";
import { driftCheck } from "../../contract/drift.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues, printJson } from "../output.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  if (args.flags.graphql !== undefined) {
    return await (await import("./drift_graphql.ts")).runGraphqlDrift(args, io);
  }
  let [openapi, dir]: (string | undefined)[] = args.positionals;
  // `apispec drift api-docs`: a lone folder is the collection; the document is project.md's.
  if (openapi && dir === undefined && await isDirectory(resolve(io.ctx.cwd, openapi))) {
    [openapi, dir] = [undefined, openapi];
  }
  const result = await driftCheck({
    openapi,
    dir,
    ignore: (args.flags.ignore ?? []) as DriftKind[],
    config: io.global.config,
    allowRemote: args.flags["allow-remote"] === true,
  }, io.ctx);
  printIssues(result.issues, io);
  if (!result.document) return result.exitCode;
  if (result.document.converted) io.err(`note: ${result.document.converted}`);
  const format = args.flags.report as string;
  if (format === "json") {
    printJson({ findings: result.findings, summary: result.summary }, io);
    return result.exitCode;
  }
  const cwd = io.ctx.cwd;
  const root = dir
    ? resolve(cwd, dir)
    : await findCollectionRoot({ config: io.global.config }, io.ctx);
  const report: DriftReport = {
    findings: result.findings,
    summary: result.summary,
    collection: displayPath(root, cwd),
    document: result.document.name,
    version: result.document.version,
    documentLines: result.documentLines,
  };
  if (format === "github") {
    // Annotations need paths from the repository root, wherever drift runs.
    const top = repositoryTop(cwd);
    const repoPath = (file: string) =>
      top && !/^https?:\/\//.test(file) ? toSlash(relative(top, resolve(cwd, file))) : file;
    const annotated: DriftReport = {
      ...report,
      document: repoPath(report.document),
      findings: report.findings.map((f) => ({ ...f, spec: f.spec && repoPath(f.spec) })),
    };
    io.out(renderDriftGithub(annotated));
    const summary = io.ctx.env.GITHUB_STEP_SUMMARY;
    if (summary) await appendText(summary, renderDriftMarkdown(annotated) + "\n");
    return result.exitCode;
  }
  if (format === "junit") io.out(renderJunit("apispec drift", driftCases(report)));
  else if (format === "markdown") io.out(renderDriftMarkdown(report));
  else io.out(renderDriftConsole(report, io.paint));
  return result.exitCode;
}
