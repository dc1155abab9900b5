/**
 * `apispec check <dir>`: contract checks for pull requests. Reports as
 * markdown (a PR comment), github (annotations, then the markdown; also
 * appended to $GITHUB_STEP_SUMMARY when set), junit or json. Exit 1 when a
 * contract fails, 2 for invalid specs.
 */
import { relative, resolve } from "../../adapters/path.ts";
import { EXIT } from "../../engine/issue.ts";
import {
  type CheckReport,
  flowCase,
  renderCheckMarkdown,
  renderGithubReport,
} from "../../engine/render/check.ts";
import { issueJson } from "../../engine/render/issue.ts";
import { renderJunit } from "../../engine/render/junit.ts";
import { endpointCase, type ReportCase } from "../../engine/render/report.ts";
import { appendText, toSlash } from "../../adapters/fs.ts";
import { checkContracts, type CheckResult } from "../../ops/run/check.ts";
import type { SpecRun } from "../../ops/run/batch.ts";
import { flowJson } from "../../ops/flow/flow.ts";
import type { ParsedArgs } from "../args.ts";
import type { CliIO } from "../io.ts";
import { runSetup } from "../run_setup.ts";
import { printIssues, printJson } from "../output.ts";

export async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const setup = await runSetup(args, io);
  if (!setup) return EXIT.invalidSpec;
  const { vars, env } = setup;
  const result = await checkContracts({
    dir: args.positionals[0],
    changedFrom: args.flags["changed-from"] as string | undefined,
    env,
    cli: vars,
    strictAssertions: args.flags["strict-assertions"] === true,
    config: io.global.config,
  }, io.ctx);
  const allIssues = [
    ...result.issues,
    ...result.endpoints.filter((r) => !r.skipped).flatMap((r) => r.issues),
    ...result.flows.flatMap((f) => f.issues),
  ];
  const sources = new Map([
    ...result.endpoints.flatMap((r) => [...r.sources]),
    ...result.flows.flatMap((f) => [...f.sources]),
  ]);
  const format = args.flags.report as string;
  if (result.issues.some((i) => i.code === "USAGE")) {
    printIssues(result.issues, io);
    return result.exitCode;
  }
  // Reports name files from the repository root, as a pull request shows them, wherever check runs.
  const cwd = io.ctx.cwd;
  const repoPath = (file: string) =>
    toSlash(result.repoRoot ? relative(result.repoRoot, resolve(cwd, file)) : file);
  const report = checkReport(result, repoPath);
  if (format === "json") {
    printJson(checkJson(result, report), io);
    return result.exitCode;
  }
  if (format === "github") {
    io.out(renderGithubReport(report));
    const summary = io.ctx.env.GITHUB_STEP_SUMMARY;
    if (summary) await appendText(summary, renderCheckMarkdown(report) + "\n");
    return result.exitCode;
  }
  printIssues(allIssues, io, sources);
  io.out(
    format === "junit" ? renderJunit("apispec check", report.cases) : renderCheckMarkdown(report),
  );
  return result.exitCode;
}

function specCase(run: SpecRun): ReportCase {
  const base = endpointCase(run);
  if (run.skipped) {
    return {
      ...base,
      passed: false,
      skipped: true,
      error_type: null,
      url: undefined,
      hint: `Skipped: ${run.skipped}`,
      details: [],
    };
  }
  // An invalid spec has no request line: point at its first error instead.
  const error = run.issues.find((i) => i.severity === "error");
  if (!run.spec && error) {
    return {
      ...base,
      line: error.line,
      details: run.issues.filter((i) => i.severity === "error").map((i) =>
        `${i.message}${i.line ? ` (line ${i.line})` : ""}`
      ),
    };
  }
  return base;
}

function checkReport(result: CheckResult, repoPath: (file: string) => string): CheckReport {
  const notes: string[] = [];
  if (result.changedFrom) {
    notes.push(
      `Endpoint and flow files changed since \`${result.changedFrom}\`` +
        (result.base ? ` (merge base \`${result.base.slice(0, 7)}\`)` : "") +
        `, and the flows that use them: ${result.endpoints.length} endpoint(s), ${result.flows.length} flow(s)`,
    );
  } else {
    notes.push(`Every endpoint and flow in \`${repoPath(result.dir)}\``);
  }
  if (result.sharedChanges.length > 0) {
    notes.push(
      `Shared files changed (${
        result.sharedChanges.map((f) => `\`${f}\``).join(", ")
      }): every spec was checked`,
    );
  }
  const title = "API contract check";
  const cases = [...result.endpoints.map(specCase), ...result.flows.map(flowCase)];
  return {
    title,
    cases: cases.map((c) => ({ ...c, file: repoPath(c.file) })),
    deleted: result.deleted.map(repoPath),
    notes,
  };
}

function checkJson(result: CheckResult, report: CheckReport) {
  const cases = report.cases;
  const skipped = cases.filter((c) => c.skipped).length;
  const passed = cases.filter((c) => c.passed && !c.skipped).length;
  return {
    passed: result.exitCode === EXIT.passed,
    changed_from: result.changedFrom ?? null,
    base: result.base ?? null,
    summary: { total: cases.length, passed, failed: cases.length - passed - skipped, skipped },
    endpoints: result.endpoints.map((run, i) => ({
      file: cases[i].file,
      passed: cases[i].passed,
      ...(run.skipped ? { skipped: true } : {}),
      status: cases[i].status,
      duration_ms: cases[i].duration_ms,
      error_type: cases[i].error_type,
      hint: cases[i].hint,
    })),
    flows: result.flows.map((flow, i) => ({
      file: cases[result.endpoints.length + i].file,
      ...flowJson(flow),
    })),
    deleted: report.deleted,
    issues: [
      ...result.issues,
      ...result.endpoints.filter((r) => !r.skipped).flatMap((r) => r.issues),
      ...result.flows.flatMap((f) => f.issues),
    ].map(issueJson),
  };
}
