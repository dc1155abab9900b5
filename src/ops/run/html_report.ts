/**
 * Gathers what the HTML report shows from a run's results: each endpoint's
 * masked request and response, its documented expected block, the record's
 * differences, and its recent runs from the history files. The page itself
 * is drawn by the pure `renderHtmlReport` (`engine/render/html_report.ts`).
 */
import { dirname, resolve } from "../../adapters/path.ts";
import type { Diff, EndpointSpec, ExecRecord, HistoryEntry } from "../../engine/model.ts";
import type { ExpectedBlock, HtmlCase, HtmlReport } from "../../engine/render/html_model.ts";
import { renderHtmlReport } from "../../engine/render/html_report.ts";
import { parseHistory } from "../../engine/history/history.ts";
import type { Issue } from "../../engine/issue.ts";
import { readTextIfExists } from "../../adapters/jsonl.ts";
import type { OpsContext } from "../../adapters/system.ts";
import type { SpecRun } from "./batch.ts";
import type { CheckResult } from "./check.ts";
import { historyFile, type HistoryPlace } from "./history.ts";
import { loadEndpoint } from "./exec.ts";
import type { FlowResult } from "../flow/flow.ts";
import { findCollectionRoot } from "../collection/load.ts";

/** Runs shown per spec in the report's sparklines. */
export const REPORT_HISTORY_RUNS = 30;

/** The newest `limit` runs of an endpoint file (absolute path), oldest first. */
export async function recentRuns(
  place: HistoryPlace,
  specPath: string,
  limit = REPORT_HISTORY_RUNS,
): Promise<HistoryEntry[]> {
  const text = await readTextIfExists(historyFile(place, specPath)).catch(() => undefined);
  return parseHistory(text ?? "").slice(-limit);
}

function expectedOf(spec: EndpointSpec | undefined): ExpectedBlock | undefined {
  if (!spec) return undefined;
  const e = spec.expected;
  return {
    status: e.status,
    reason: e.reason,
    headers: e.headers.map((h) => [h.name, h.value]),
    body: e.body,
  };
}

/** The differences as the CLI lists them: status, then headers, then body paths. */
function differences(diff: Diff): string[] {
  return [
    ...(diff.status ? [`status: ${diff.status}`] : []),
    ...diff.headers.map((h) => `header ${h}`),
    ...(diff.body ? diff.body.split("\n") : []),
  ];
}

function problems(record: ExecRecord, issues: Issue[]): string[] {
  if (record.status > 0) return [];
  return issues.filter((i) => i.severity === "error").map((i) =>
    `${i.message}${i.line ? ` (${i.file ?? ""}:${i.line})` : ""}${i.fix ? `. ${i.fix}` : ""}`
  );
}

/** One endpoint of a batch or `check`. */
export async function endpointHtmlCase(run: SpecRun): Promise<HtmlCase> {
  const { record, spec } = run;
  return {
    kind: "endpoint",
    name: spec?.title ?? run.file,
    file: run.file,
    method: run.request?.method ?? spec?.method,
    passed: record.passed && !run.skipped,
    ...(run.skipped ? { skipped: true } : {}),
    status: record.status,
    duration_ms: record.duration_ms,
    error_type: run.skipped ? null : record.error_type,
    hint: run.skipped ? `Skipped: ${run.skipped}` : record.passed ? "" : record.hint,
    request: run.request,
    expected: expectedOf(spec),
    actual: run.response,
    differences: differences(record.diff),
    assertions: record.assertion_results,
    problems: run.skipped ? [] : problems(record, run.issues),
    history: run.collection ? await recentRuns(run.collection, run.path) : [],
  };
}

/** A flow with its steps; each step's expected block and history come from its endpoint file. */
export async function flowHtmlCase(
  flow: FlowResult,
  ctx: OpsContext,
  config?: string,
): Promise<HtmlCase> {
  const root = await findCollectionRoot({ config, near: resolve(ctx.cwd, flow.file) }, ctx);
  const place = { root, projectRoot: dirname(root) };
  const steps: HtmlCase[] = [];
  for (const [index, step] of flow.steps.entries()) {
    const detail = flow.details[index];
    const record = detail?.record ?? step.record;
    const path = resolve(ctx.cwd, detail?.file ?? step.endpoint);
    const loaded = await loadEndpoint(path, ctx);
    steps.push({
      kind: "endpoint",
      name: step.name,
      file: detail?.file ?? step.endpoint,
      method: detail?.method ?? loaded.spec?.method,
      passed: step.passed && !step.skipped,
      ...(step.skipped ? { skipped: true } : {}),
      status: step.status,
      duration_ms: step.duration_ms,
      error_type: step.error_type,
      hint: step.hint ?? "",
      request: record?.request,
      expected: expectedOf(loaded.spec),
      actual: record?.response,
      differences: record ? differences(record.diff) : [],
      assertions: record?.assertion_results ?? [],
      problems: [],
      history: loaded.spec ? await recentRuns(place, path) : [],
    });
  }
  const failed = flow.steps.find((s) => !s.passed && !s.skipped);
  const error = flow.issues.find((i) => i.severity === "error");
  return {
    kind: "flow",
    name: flow.title,
    file: flow.file,
    passed: flow.passed && !error,
    status: 0,
    duration_ms: flow.steps.reduce((sum, s) => sum + s.duration_ms, 0),
    error_type: failed?.error_type ?? error?.code ?? null,
    hint: failed ? `Step "${failed.name}" failed: ${failed.hint ?? failed.error_type}` : "",
    differences: [],
    assertions: [],
    problems: flow.issues.filter((i) => i.severity === "error").map((i) =>
      `${i.message}${i.fix ? `. ${i.fix}` : ""}`
    ),
    history: [],
    steps,
  };
}

/** The report of a `check` run: endpoints, then flows (the renderer puts failures first). */
export async function checkHtmlReport(
  result: CheckResult,
  ctx: OpsContext,
  options: { env?: string; notes?: string[]; config?: string } = {},
): Promise<HtmlReport> {
  const cases: HtmlCase[] = [];
  for (const run of result.endpoints) cases.push(await endpointHtmlCase(run));
  for (const flow of result.flows) cases.push(await flowHtmlCase(flow, ctx, options.config));
  return {
    title: "API contract check",
    generated: new Date(ctx.clock.now()).toISOString(),
    env: options.env ?? result.endpoints[0]?.env ?? result.flows[0]?.env,
    notes: options.notes ?? [],
    cases,
  };
}

/**
 * `check --report html`: the check result as one self-contained HTML page.
 * This is the renderer the check reporters call for the `html` format.
 */
export async function renderCheckHtml(
  result: CheckResult,
  ctx: OpsContext,
  options: { env?: string; notes?: string[]; config?: string } = {},
): Promise<string> {
  return renderHtmlReport(await checkHtmlReport(result, ctx, options));
}

/** `flow --output html`: the flow's steps as cases of one page. */
export async function renderFlowHtml(
  flow: FlowResult,
  ctx: OpsContext,
  config?: string,
): Promise<string> {
  const flowCase = await flowHtmlCase(flow, ctx, config);
  return renderHtmlReport({
    title: `Flow: ${flow.title}`,
    generated: new Date(ctx.clock.now()).toISOString(),
    env: flow.env,
    notes: [
      `${flow.file}${flow.parallel ? " (parallel)" : ""}`,
      ...flowCase.problems,
      ...(Object.keys(flow.captures).length
        ? [`Captures: ${Object.entries(flow.captures).map(([k, v]) => `${k} = ${v}`).join(", ")}`]
        : []),
    ],
    cases: flowCase.steps!,
  });
}
