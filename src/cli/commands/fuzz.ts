/**
 * `apispec fuzz [<dir>] [--openapi <file>] [--env] [--max-examples <n>]
 * [--seed <n>] [--checks <list>] [--methods <list>] [--stateful]
 * [--time-budget <s>] [--out <dir>] [--report fmt[=file]]`: `fuzzApi` with
 * its flags read, the seed on stderr first (so a run cut short can still be
 * repeated), then the console summary or the report `check` would write.
 * Exit 0 no failure, 1 failures, 2 usage, 3 files not written, 4 unreachable.
 */
import { resolve } from "../../adapters/path.ts";
import { EXIT, type Issue, issue } from "../../engine/issue.ts";
import { FUZZ_CHECKS, type FuzzCheck } from "../../engine/fuzz/model.ts";
import { renderCheckMarkdown, renderGithubReport } from "../../engine/render/check.ts";
import { renderJunit } from "../../engine/render/junit.ts";
import { renderHtmlReport } from "../../engine/render/html_report.ts";
import { parseReportTargets, type ReportTarget } from "../../engine/render/report_targets.ts";
import {
  fuzzHtmlReport,
  fuzzJson,
  fuzzReport,
  renderFuzzConsole,
} from "../../engine/fuzz/report.ts";
import { HTTP_METHODS } from "../../engine/model.ts";
import { appendText, writeTextAtomic } from "../../adapters/fs.ts";
import { fuzzApi, type FuzzResult } from "../../ops/fuzz/fuzz.ts";
import type { ParsedArgs } from "../args.ts";
import { CHECK_REPORT_FORMATS } from "../commands.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";
import { runSetup } from "../run_setup.ts";

/** `--checks a,b --checks c` → [a, b, c]. */
function listFlag(args: ParsedArgs, name: string): string[] | undefined {
  const values = args.flags[name] as string[] | undefined;
  if (!values) return undefined;
  return values.flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean);
}

interface FuzzFlags {
  checks?: FuzzCheck[];
  methods?: string[];
  targets: ReportTarget[];
  timeBudget?: number;
}

function fuzzFlags(args: ParsedArgs): { flags: FuzzFlags; issues: Issue[] } {
  const issues: Issue[] = [];
  const checks = listFlag(args, "checks");
  const unknownCheck = checks?.find((c) => !(FUZZ_CHECKS as readonly string[]).includes(c));
  if (unknownCheck) {
    issues.push(issue("USAGE", `Unknown check "${unknownCheck}"`, {
      fix: `Use one or more of: ${FUZZ_CHECKS.join(", ")}`,
    }));
  }
  const methods = listFlag(args, "methods")?.map((m) => m.toUpperCase());
  const unknownMethod = methods?.find((m) => !(HTTP_METHODS as readonly string[]).includes(m));
  if (unknownMethod) {
    issues.push(issue("USAGE", `Unknown method "${unknownMethod}"`, {
      fix: `Use one or more of: ${HTTP_METHODS.join(", ")}`,
    }));
  }
  const budgetText = args.flags["time-budget"] as string | undefined;
  const timeBudget = budgetText === undefined ? undefined : Number(budgetText);
  if (timeBudget !== undefined && !(timeBudget > 0)) {
    issues.push(issue("USAGE", `--time-budget ${budgetText} is not a number of seconds`, {
      fix: "Write seconds, e.g. --time-budget 60 or --time-budget 2.5",
    }));
  }
  const reports = parseReportTargets(
    (args.flags.report as string[] | undefined) ?? [],
    CHECK_REPORT_FORMATS,
    "console",
  );
  issues.push(...reports.issues);
  return {
    flags: {
      ...(checks ? { checks: checks as FuzzCheck[] } : {}),
      ...(methods ? { methods } : {}),
      targets: reports.targets,
      ...(timeBudget !== undefined ? { timeBudget } : {}),
    },
    issues,
  };
}

function render(format: string, result: FuzzResult, io: CliIO): string {
  switch (format) {
    case "json":
      return JSON.stringify(fuzzJson(result), null, 2);
    case "junit":
      return renderJunit("apispec fuzz", fuzzReport(result).cases);
    case "github":
      return renderGithubReport(fuzzReport(result));
    case "markdown":
      return renderCheckMarkdown(fuzzReport(result));
    case "html":
      return renderHtmlReport(
        fuzzHtmlReport(result, new Date(io.ctx.clock.now()).toISOString()),
      );
    default:
      return renderFuzzConsole(result, io.paint);
  }
}

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const setup = await runSetup(args, io);
  if (!setup) return EXIT.invalidSpec;
  const { flags, issues } = fuzzFlags(args);
  if (issues.length > 0) {
    printIssues(issues, io);
    return EXIT.invalidSpec;
  }
  const result = await fuzzApi({
    dir: args.positionals[0],
    openapi: args.flags.openapi as string | undefined,
    env: setup.env,
    cli: setup.vars,
    transportOptions: setup.transport,
    maxExamples: args.flags["max-examples"] as number | undefined,
    seed: args.flags.seed as number | undefined,
    checks: flags.checks,
    methods: flags.methods,
    stateful: args.flags.stateful === true,
    timeBudget: flags.timeBudget,
    concurrency: args.flags.concurrency as number | undefined,
    out: args.flags.out as string | undefined,
    yes: io.global.yes,
    config: io.global.config,
    progress: (event) => {
      if (event.type === "start") {
        io.err(`Fuzzing ${event.operations} operation(s) with seed ${event.seed}`);
      }
    },
  }, io.ctx);
  // Issues go to stderr whatever the report: stdout stays the report alone.
  printIssues(result.issues, io);
  if (result.seed === undefined) return result.exitCode;
  const toStdout = flags.targets.find((t) => t.file === undefined);
  for (const target of flags.targets) {
    if (target.file === undefined) continue;
    const text = render(target.format, result, io);
    try {
      await writeTextAtomic(
        resolve(io.ctx.cwd, target.file),
        text.endsWith("\n") ? text : text + "\n",
      );
    } catch (error) {
      printIssues([
        issue("ENGINE_ERROR", `Cannot write ${target.file}: ${(error as Error).message}`, {
          fix: "Check that the folder exists and is writable",
        }),
      ], io);
      return EXIT.engineError;
    }
  }
  const summary = io.ctx.env.GITHUB_STEP_SUMMARY;
  if (summary && flags.targets.some((t) => t.format === "github")) {
    await appendText(summary, renderCheckMarkdown(fuzzReport(result)) + "\n");
  }
  io.out(render(toStdout?.format ?? "console", result, io));
  return result.exitCode;
}
