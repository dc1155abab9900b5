/**
 * Send from the UI: `execSpec` with `verbose` (it masks, classifies and
 * appends history like every surface), or, with `serve --mock`, the expected
 * response built by `responseFromSpec` without sending anything.
 */
import { EXIT, type Issue } from "../../engine/issue.ts";
import type { ExecRecord, HistoryEntry, VariableReportEntry } from "../../engine/model.ts";
import { appendHistory, type HistoryPlace } from "../../ops/run/history.ts";
import { keepExchange } from "../../ops/run/exchange_log.ts";
import { buildExchange, usedVariables } from "../../engine/resolve/build.ts";
import { CLI_ORDER, lookupVar } from "../../engine/resolve/layers.ts";
import { evaluateAssertions } from "../../engine/compare/assertions.ts";
import { maskRecord } from "../../engine/secrets/mask.ts";
import { type ExecResult, execSpec, OS_PREFIXES } from "../../ops/run/exec.ts";
import { buildLayers } from "../../ops/collection/load.ts";
import { assertionOptions } from "../../ops/run/assertions.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { responseFromSpec } from "../../mock/response.ts";

export interface RunSpecInput {
  /** Absolute path of the endpoint file. */
  path: string;
  env?: string;
  vars: Record<string, string>;
  strictAssertions: boolean;
  timeoutMs?: number;
  mock: boolean;
  /** Keeps a run that got a response, for "Accept response as expected"; returns its id. */
  keep?: (result: ExecResult) => string;
  /** Where runs are recorded: the history, and the exchange the History view opens. */
  place?: HistoryPlace;
}

export interface RunSpecOutput {
  file: string;
  env: string;
  mock: boolean;
  record: ExecRecord;
  issues: Issue[];
  variables: VariableReportEntry[];
  exit_code: number;
  /** A real run that got a response: the id `POST /api/update` plans the rewrite from. */
  update_id?: string;
}

export async function runSpec(input: RunSpecInput, ctx: OpsContext): Promise<RunSpecOutput> {
  let recorded: { specPath: string; entry: HistoryEntry } | undefined;
  const place = input.place;
  const result = await execSpec({
    file: input.path,
    env: input.env,
    cli: input.vars,
    verbose: true,
    dryRun: input.mock,
    strictAssertions: input.strictAssertions,
    timeoutMs: input.timeoutMs,
    ...(place
      ? {
        history: (specPath: string, entry: HistoryEntry) => {
          recorded = { specPath, entry };
          return appendHistory(place, [{ specPath, entry }]);
        },
      }
      : {}),
  }, ctx);
  if (place && recorded) {
    const problem = keepExchange(place, recorded.specPath, recorded.entry.timestamp, result.record);
    if (problem) result.issues.push(problem);
  }
  const output = {
    file: result.file,
    env: result.env,
    mock: input.mock,
    record: result.record,
    issues: result.issues,
    variables: result.variables,
    exit_code: result.exitCode,
    ...(!input.mock && result.rawResponse && input.keep ? { update_id: input.keep(result) } : {}),
  };
  if (!input.mock || !result.spec || !result.collection || result.exitCode !== EXIT.passed) {
    return output;
  }
  // Mock: resolve the same layers as the dry run, then answer with the documented response.
  const spec = result.spec;
  const layers = buildLayers(
    result.collection,
    result.env,
    { cli: input.vars, frontmatter: spec.vars },
    CLI_ORDER,
    [...OS_PREFIXES.cli],
    ctx.env,
  );
  const auth = spec.auth ?? result.collection.config.auth;
  const values: Record<string, string> = {};
  const project = result.collection.config;
  for (const { name } of usedVariables(spec, auth, project)) {
    const hit = lookupVar(layers, name);
    if (hit) values[name] = hit.value;
  }
  const response = responseFromSpec(spec, values)!;
  const built = buildExchange(spec, { layers, auth, env: result.env, project });
  const assertionResults = evaluateAssertions(
    built.assertions,
    response,
    await assertionOptions(built.assertions, 0),
  );
  const failed = assertionResults.filter((a) => !a.passed);
  const strict = input.strictAssertions || result.collection.config.strictAssertions === true;
  const passed = !strict || failed.length === 0;
  const record: ExecRecord = {
    passed,
    status: response.status,
    duration_ms: 0,
    error_type: passed ? null : "CONTRACT_MISMATCH",
    hint: "Mock: the expected response was returned; nothing was sent",
    hints: failed.map((a) => a.message),
    diff: { passed: true, status: null, headers: [], body: null },
    assertion_results: assertionResults,
    request: result.record.request,
    response,
  };
  return {
    ...output,
    record: maskRecord(record, built.secrets),
    exit_code: passed ? EXIT.passed : EXIT.testFailed,
  };
}
