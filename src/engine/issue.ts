/**
 * Bad input is an `Issue` value, never an exception: it names the file, the
 * line when known, and a fix. One renderer per audience turns it into text.
 */
import type { ErrorType } from "./model.ts";

export type IssueCode =
  | ErrorType
  /** A possible credential in a versioned file (exit 5). */
  | "SECRET_DETECTED"
  /** A command-line usage error (exit 2). */
  | "USAGE"
  /** A request-build or file-system failure, or a bug (exit 3). */
  | "ENGINE_ERROR";

export interface Issue {
  code: IssueCode;
  severity: "error" | "warning";
  message: string;
  file?: string;
  /** 1-based. */
  line?: number;
  /** 1-based. */
  column?: number;
  fix?: string;
}

/** Exit codes of SPEC.md, named as it names them. */
export const EXIT = {
  passed: 0,
  testFailed: 1,
  invalidSpec: 2,
  engineError: 3,
  networkError: 4,
  secretDetected: 5,
} as const;
export type ExitCode = typeof EXIT[keyof typeof EXIT];

/** Builds an error issue; the optional fields are only set when given. */
export function issue(
  code: IssueCode,
  message: string,
  where: { file?: string; line?: number; column?: number; fix?: string } = {},
): Issue {
  return { code, severity: "error", message, ...definedOnly(where) };
}

/** Builds a warning issue. */
export function warning(
  message: string,
  where: { file?: string; line?: number; fix?: string } = {},
): Issue {
  return { code: "VALIDATION_ERROR", severity: "warning", message, ...definedOnly(where) };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function errorsOf(issues: Issue[]): Issue[] {
  return issues.filter((i) => i.severity === "error");
}

/** The exit code for one issue code. */
export function exitCodeForCode(code: IssueCode): ExitCode {
  switch (code) {
    case "SECRET_DETECTED":
      return EXIT.secretDetected;
    case "NETWORK_ERROR":
      return EXIT.networkError;
    case "ENGINE_ERROR":
      return EXIT.engineError;
    case "CONTRACT_MISMATCH":
    case "AUTH_FAILED":
      return EXIT.testFailed;
    default:
      return EXIT.invalidSpec;
  }
}

/**
 * The exit code for a set of issues: a secret outranks everything, then an
 * engine error, then an invalid spec, then a network error, then a failed test.
 *
 * @example
 * ```ts
 * import { exitCodeFor, issue } from "./issue.ts";
 * exitCodeFor([issue("VAR_MISSING", "Variable \"userId\" is not defined")]); // 2
 * ```
 */
export function exitCodeFor(issues: Issue[]): ExitCode {
  return worstExitCode(errorsOf(issues).map((i) => exitCodeForCode(i.code)));
}

/** The exit code that outranks the others (5, 3, 2, 4, 1), or 0 when there are none. */
export function worstExitCode(codes: number[]): ExitCode {
  const rank: ExitCode[] = [
    EXIT.secretDetected,
    EXIT.engineError,
    EXIT.invalidSpec,
    EXIT.networkError,
    EXIT.testFailed,
  ];
  return rank.find((code) => codes.includes(code)) ?? EXIT.passed;
}
