/**
 * `diagnose`: runs an endpoint like `exec` (the run lands in its history) and
 * turns the outcome into a diagnosis. A diagnosis is returned whenever the
 * file could be read, whatever the endpoint did; only a missing file or
 * config is a setup error. The CLI and the `apispec_diagnose` tool call this.
 */
import { EXIT, type ExitCode, type Issue } from "../../engine/issue.ts";
import { diagnose, type Diagnosis } from "../../engine/diagnose/diagnose.ts";
import { deepMask } from "../../engine/secrets/mask.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { type ExecInput, execSpec } from "./exec.ts";

export type DiagnoseInput = Omit<ExecInput, "dryRun" | "verbose" | "captures">;

export interface DiagnoseResult {
  /** Undefined only on a setup error. */
  diagnosis?: Diagnosis;
  file: string;
  env: string;
  issues: Issue[];
  exitCode: ExitCode;
  /** Display path → text of every file read, for caret rendering. */
  sources: Map<string, string>;
}

export async function diagnoseSpec(input: DiagnoseInput, ctx: OpsContext): Promise<DiagnoseResult> {
  const result = await execSpec({ ...input, dryRun: false, verbose: false }, ctx);
  const setup = result.issues.filter((i) => i.severity === "error" && i.code === "USAGE");
  if (setup.length > 0) {
    return {
      file: result.file,
      env: result.env,
      issues: result.issues,
      exitCode: EXIT.invalidSpec,
      sources: result.sources,
    };
  }
  const collection = result.collection;
  const envFile = collection?.envFiles.find(({ env }) =>
    env.sections.some((s) => s.name === result.env)
  )?.env.file;
  const spec = result.spec;
  const diagnosis = deepMask(
    diagnose({
      file: result.file,
      env: result.env,
      spec,
      auth: spec?.auth ?? collection?.config.auth,
      record: result.record,
      issues: result.issues,
      failure: result.failure,
      url: result.request?.url,
      variables: result.variables,
      envFile,
      timeoutMs: input.timeoutMs ?? spec?.timeout ?? collection?.config.timeout,
      strictAssertions: input.strictAssertions ?? false,
      vars: { ...input.cli, ...input.tool },
    }),
    result.secrets,
  ) as Diagnosis; // the run's secrets and anything shaped like one, as in every output
  return {
    diagnosis,
    file: result.file,
    env: result.env,
    issues: result.issues,
    exitCode: EXIT.passed,
    sources: result.sources,
  };
}
