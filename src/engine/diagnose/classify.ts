/**
 * Decides an execution's `error_type` and writes its short, actionable hints.
 */
import type { Issue } from "../issue.ts";
import type {
  AssertionResult,
  AuthKind,
  Diff,
  EndpointSpec,
  ErrorType,
  ExecRecord,
  HttpResponse,
} from "../model.ts";
import { ERROR_TYPES } from "../model.ts";
import { credentialAdvice } from "./credentials.ts";
import { tlsCause, tlsHint } from "../auth/tls.ts";

export type NetworkFailureKind =
  | "timeout"
  | "refused"
  | "dns"
  | "reset"
  | "tls"
  | "too_large"
  /** Ctrl-C aborted the request before its answer: no verdict on the API. */
  | "interrupted"
  | "other";

export interface NetworkFailure {
  kind: NetworkFailureKind;
  message: string;
}

export interface Outcome {
  spec: EndpointSpec;
  /** The auth the request was built with: the file's `auth:`, else the project's. */
  auth?: AuthKind;
  env: string;
  url: string;
  timeoutMs: number;
  response?: HttpResponse;
  networkFailure?: NetworkFailure;
  diff: Diff;
  assertions: AssertionResult[];
  strictAssertions: boolean;
}

export interface Classification {
  passed: boolean;
  error_type: ErrorType | null;
  hint: string;
  hints: string[];
}

const ERROR_TYPE_SET = new Set<string>(ERROR_TYPES);

/** Classifies a finished (or failed-to-connect) execution. */
export function classify(outcome: Outcome): Classification {
  const { spec, env, diff } = outcome;
  if (outcome.networkFailure?.kind === "interrupted") {
    const hint = "Interrupted: Ctrl-C aborted the request before its answer came";
    return { passed: false, error_type: null, hint, hints: [hint] };
  }
  if (outcome.networkFailure) {
    const failure = outcome.networkFailure;
    const relative = usesBaseUrl(spec);
    const hint = networkHint(failure, outcome.url, env, outcome.timeoutMs, relative);
    // The baseUrl hint only when the URL came from baseUrl, and not for a timeout:
    // a server that took the connection was found.
    const baseUrlHint = relative && failure.kind !== "timeout"
      ? [`Check baseUrl for environment "${env}"`]
      : [];
    return { passed: false, error_type: "NETWORK_ERROR", hint, hints: [hint, ...baseUrlHint] };
  }
  const failedAssertions = outcome.assertions.filter((a) => !a.passed);
  const assertionsFail = outcome.strictAssertions && failedAssertions.length > 0;
  if (diff.passed && !assertionsFail) {
    return { passed: true, error_type: null, hint: "", hints: [] };
  }

  const actual = outcome.response!;
  const hints: string[] = [];
  if (
    diff.status && (actual.status === 401 || actual.status === 403) &&
    ![401, 403].includes(spec.expected.status)
  ) {
    const hint = authHint(spec, outcome.auth ?? spec.auth, env, actual.status);
    return { passed: false, error_type: "AUTH_FAILED", hint, hints: [hint, ...diffHints(outcome)] };
  }
  hints.push(...diffHints(outcome));
  if (assertionsFail) {
    hints.push(
      `${failedAssertions.length} assertion(s) failed: ${
        failedAssertions.map((a) => a.message).join("; ")
      }`,
    );
  }
  return { passed: false, error_type: "CONTRACT_MISMATCH", hint: hints[0], hints };
}

function diffHints(outcome: Outcome): string[] {
  const { spec, diff } = outcome;
  const actual = outcome.response!;
  const hints: string[] = [];
  if (diff.status) {
    const documented = spec.errorResponses.find((r) => r.status === actual.status);
    if (documented && actual.status < 400) {
      hints.push(
        `Status ${diff.status}: ${actual.status} ${documented.reason} is documented under ` +
          `## Error responses, not as the expected response; if this request should get it, make ` +
          `it the expected response (\`apispec exec ${spec.file} --update\`)`,
      );
    } else if (documented) {
      hints.push(
        `Status ${diff.status}: the API answered with the documented error ${actual.status} ` +
          `${documented.reason}; check the request data and path parameters`,
      );
    } else if (actual.status === 404) {
      hints.push(
        `Status ${diff.status}: check the path, its parameters, and that the resource exists in "${outcome.env}"`,
      );
    } else if (actual.status >= 500) {
      hints.push(`Status ${diff.status}: the server failed; read its logs for this request`);
    } else if (actual.status === 400 || actual.status === 422) {
      hints.push(
        `Status ${diff.status}: the API rejected the request body or parameters; compare them with its contract`,
      );
    } else {
      hints.push(
        `Status ${diff.status}: if the API changed on purpose, \`apispec exec ${spec.file} --update\` ` +
          "accepts its answer",
      );
    }
  }
  if (diff.headers.length > 0) hints.push(`Headers: ${diff.headers.join("; ")}`);
  if (diff.body) {
    const first = diff.body.split("\n")[0];
    hints.push(
      spec.match === "schema"
        ? `Body does not validate against ## Schema: ${first}`
        : `Body differs (${spec.match} mode): ${first}; if the API changed on purpose, ` +
          `\`apispec exec ${spec.file} --update\` accepts its answer`,
    );
  }
  return hints;
}

/** Whether the request URL is built from baseUrl (a relative request line or `{{baseUrl}}`). */
export function usesBaseUrl(spec: EndpointSpec): boolean {
  return spec.request.target.startsWith("/") || /\{\{\s*baseUrl\s*\}\}/.test(spec.request.target);
}

/** How to raise the timeout, from every place it can be set. */
export const RAISE_TIMEOUT =
  "raise it with --timeout=<ms> (timeout_ms for MCP tools), `timeout: <ms>` in the endpoint's " +
  "frontmatter, or `timeout:` in api-docs/project.md for every endpoint";

function networkHint(
  failure: NetworkFailure,
  url: string,
  env: string,
  timeoutMs: number,
  relative: boolean,
): string {
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch { /* keep the text */ }
  const fixUrl = relative
    ? `fix baseUrl for environment "${env}"`
    : "fix the URL in the request line";
  switch (failure.kind) {
    case "timeout":
      return `Timed out after ${timeoutMs} ms: ${origin} did not answer in time; ${RAISE_TIMEOUT}, ` +
        "or check that the server is healthy";
    case "refused":
      return `Connection refused at ${origin}: start the API, or ${fixUrl}`;
    case "dns":
      return `Host of ${origin} was not found: ${fixUrl}`;
    case "tls":
      return tlsHint(tlsCause(failure.message), origin);
    case "too_large":
      return `${origin} sent more than apispec reads (${failure.message}): document a smaller ` +
        "response (a page, a range), or leave downloads out of the collection";
    default:
      return `Request to ${origin} failed: ${failure.message}`;
  }
}

function authHint(
  spec: EndpointSpec,
  auth: AuthKind | undefined,
  env: string,
  status: number,
): string {
  const advice = credentialAdvice(auth, env, setsAuthorization(spec));
  if (!advice.sends) return `The API refused the request (${status}): ${advice.set}`;
  const what = status === 401 ? "rejected the credentials" : "refused access";
  return `The API ${what} (${status}): ${advice.set}, and check ${advice.check}`;
}

/** Whether the request block writes its own Authorization header (then `auth:` adds none). */
export function setsAuthorization(spec: EndpointSpec): boolean {
  return spec.request.headers.some((h) => h.name.toLowerCase() === "authorization");
}

/** A failed record for an error found before any request (missing variable, invalid spec, ...). */
export function recordFromIssues(issues: Issue[]): ExecRecord {
  const errors = issues.filter((i) => i.severity === "error");
  const first = errors[0];
  const type = first && ERROR_TYPE_SET.has(first.code)
    ? first.code as ErrorType
    : "VALIDATION_ERROR";
  const hints = errors.map((i) => [i.message, i.fix].filter(Boolean).join(". "));
  return {
    passed: false,
    status: 0,
    duration_ms: 0,
    error_type: type,
    hint: hints[0] ?? "",
    hints,
    diff: { passed: false, status: null, headers: [], body: null },
    assertion_results: [],
  };
}
