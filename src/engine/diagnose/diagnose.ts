/**
 * A diagnosis of one execution for people and agents: what happened, the
 * likely cause, the next action, where to look and the commands that verify
 * a fix. Pure: it reads the outcome `execSpec` returned.
 */
import { SECRET_NAME } from "../resolve/layers.ts";
import type { Cause, DiagnoseInput } from "./cause.ts";
import { contractCause } from "./contract_causes.ts";
import { networkCause } from "./network_causes.ts";
import { beforeRunCause } from "./setup_causes.ts";

export type { DiagnoseInput };

export interface DiagnosisDiff {
  status: string | null;
  headers: string[];
  body: string | null;
  /** Messages of the assertions that failed. */
  assertions: string[];
}

/** The `apispec_diagnose` output of SPEC.md. */
export interface Diagnosis {
  passed: boolean;
  status: number;
  error_type: string | null;
  summary: string;
  likely_cause: string;
  next_action: string;
  /** Files, sections and fields to look at, as `file:line what`. */
  inspect: string[];
  /** Runnable `apispec` commands that check a fix; secrets masked. */
  verify: string[];
  diff: DiagnosisDiff;
}

/** Quotes a shell word when it needs it. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The `apispec exec` command that repeats this run, with extra flags. */
export function execCommand(input: DiagnoseInput, extra: string[] = []): string {
  const vars = Object.entries(input.vars).map(([name, value]) =>
    `--var ${shellWord(`${name}=${SECRET_NAME.test(name) ? "****" : value}`)}`
  );
  const strict = input.strictAssertions ? ["--strict-assertions"] : [];
  const flags = [...new Set([...vars, ...strict, ...extra])];
  return ["apispec exec", shellWord(input.file), `--env=${shellWord(input.env)}`, ...flags].join(
    " ",
  );
}

/**
 * Diagnoses an outcome.
 *
 * @example
 * ```ts
 * import { diagnose } from "./diagnose.ts";
 * const record = { passed: true, status: 200, duration_ms: 3, error_type: null, hint: "", hints: [],
 *   diff: { passed: true, status: null, headers: [], body: null }, assertion_results: [] };
 * diagnose({ file: "a.md", env: "dev", record, issues: [], variables: [], strictAssertions: false, vars: {} }).summary;
 * // "Passed: 200 in 3 ms"
 * ```
 */
export function diagnose(input: DiagnoseInput): Diagnosis {
  const { record } = input;
  const cause = record.passed
    ? passedCause(input)
    : input.issues.some((i) => i.severity === "error")
    ? beforeRunCause(input)
    : record.error_type === "NETWORK_ERROR"
    ? networkCause(input)
    : contractCause(input);
  const verify = [
    ...cause.verify.filter((v) => v.startsWith("apispec ")),
    execCommand(input, cause.verify.filter((v) => !v.startsWith("apispec "))),
  ];
  return {
    passed: record.passed,
    status: record.status,
    error_type: record.error_type,
    summary: cause.summary,
    likely_cause: cause.likely_cause,
    next_action: cause.next_action,
    inspect: [...new Set(cause.inspect)],
    verify: [...new Set(verify)],
    diff: {
      status: record.diff.status,
      headers: record.diff.headers,
      body: record.diff.body,
      assertions: record.assertion_results.filter((a) => !a.passed).map((a) => a.message),
    },
  };
}

function passedCause(input: DiagnoseInput): Cause {
  const { record, spec, file } = input;
  const failed = record.assertion_results.filter((a) => !a.passed);
  const summary = `Passed: ${record.status} in ${record.duration_ms} ms`;
  if (failed.length === 0) {
    return {
      summary,
      likely_cause: "Nothing is wrong: the response matches the documented contract",
      next_action: "Nothing to fix",
      inspect: [],
      verify: [],
    };
  }
  const line = spec?.assertions.find((a) => a.source === failed[0].rule)?.line;
  return {
    summary: `${summary}, but ${failed.length} assertion(s) failed as warnings`,
    likely_cause: `The contract matches, but ${failed.map((a) => a.message).join("; ")}`,
    next_action:
      "Fix the API or the rule in ## Assertions; run with --strict-assertions to make assertion failures fail the run",
    inspect: [`${file}${line ? `:${line}` : ""} ## Assertions`],
    verify: ["--strict-assertions"],
  };
}
