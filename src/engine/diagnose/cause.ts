/** What every cause of a diagnosis fills in, and what it reads. */
import type { Issue } from "../issue.ts";
import type { AuthKind, EndpointSpec, ExecRecord, VariableReportEntry } from "../model.ts";
import type { NetworkFailure } from "./classify.ts";

export interface DiagnoseInput {
  /** The endpoint file as the user would type it. */
  file: string;
  env: string;
  spec?: EndpointSpec;
  /** The auth the request was built with: the file's `auth:`, else the project's. */
  auth?: AuthKind;
  /** The masked record. */
  record: ExecRecord;
  /** Problems found before any request (parse errors, missing variables, secrets). */
  issues: Issue[];
  failure?: NetworkFailure;
  /** The masked request URL, when one was built. */
  url?: string;
  variables: VariableReportEntry[];
  /** Where the selected environment is defined, for `inspect`. */
  envFile?: string;
  timeoutMs?: number;
  strictAssertions: boolean;
  /** `--var` values given to the run; repeated in the verify commands (secret-named ones masked). */
  vars: Record<string, string>;
}

/** The parts every cause fills in. */
export interface Cause {
  summary: string;
  likely_cause: string;
  next_action: string;
  inspect: string[];
  /** Extra flags for the verify commands, or whole commands when they start with `apispec`. */
  verify: string[];
}

/** A place to inspect: `file:line what`. */
export function at(file: string, line: number | undefined, what: string): string {
  return `${file}${line ? `:${line}` : ""} ${what}`;
}
