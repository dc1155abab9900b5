/**
 * `apispec coverage [<dir>] [--openapi <file>] [--output console|json|markdown] [--min <pct>]`:
 * prints the coverage object; exit 1 when `--min` is given and coverage_pct
 * is below it, 2 for an unreadable folder or document.
 */
import { resolve } from "../../adapters/path.ts";
import { EXIT } from "../../engine/issue.ts";
import { renderCoverageConsole, renderCoverageMarkdown } from "../../engine/render/coverage.ts";
import { displayPath, findCollectionRoot } from "../../ops/collection/load.ts";
import { computeCoverage } from "../../contract/coverage.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { printIssues, printJson } from "../output.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const rawMin = args.flags.min as string | undefined;
  const min = rawMin === undefined ? undefined : Number(rawMin.replace(/%$/, ""));
  if (min !== undefined && (!Number.isFinite(min) || min < 0 || min > 100)) {
    printIssues([{
      code: "USAGE",
      severity: "error",
      message: `Flag --min needs a percentage from 0 to 100, got "${rawMin}"`,
      fix: "Write e.g. `--min 80`",
    }], io);
    return EXIT.invalidSpec;
  }
  const [dir] = args.positionals;
  const openapi = args.flags.openapi as string | undefined;
  const result = await computeCoverage({
    dir,
    openapi,
    config: io.global.config,
    allowRemote: args.flags["allow-remote"] === true,
  }, io.ctx);
  printIssues(result.issues, io);
  const report = result.report;
  if (!report) return result.exitCode;
  if (result.converted) io.err(`note: ${result.converted}`);
  const format = args.flags.output as string;
  if (format === "json") printJson(report, io);
  else {
    const root = dir
      ? resolve(io.ctx.cwd, dir)
      : await findCollectionRoot({ config: io.global.config }, io.ctx);
    const view = {
      collection: displayPath(root, io.ctx.cwd),
      document: result.openapi,
      now: io.ctx.clock.now(),
      min,
    };
    io.out(
      format === "markdown"
        ? renderCoverageMarkdown(report, view)
        : renderCoverageConsole(report, view, io.paint),
    );
  }
  return min !== undefined && report.summary.coverage_pct < min ? EXIT.testFailed : EXIT.passed;
}
