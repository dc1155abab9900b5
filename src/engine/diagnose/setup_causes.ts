/**
 * Causes of runs stopped before any request: an unresolved variable
 * (VAR_MISSING), a file that does not parse (SPEC_PARSE_ERROR), a request
 * that cannot be built or is not allowed here (VALIDATION_ERROR), a ws/sse
 * spec (UNSUPPORTED_PROTOCOL), or a credential in a versioned file.
 */
import type { Issue } from "../issue.ts";
import type { Cause, DiagnoseInput } from "./cause.ts";
import { envVariableFor } from "../resolve/layers.ts";

function where(issue: Issue): string {
  return `${issue.file ?? ""}${issue.line ? `:${issue.line}` : ""}`;
}

function inspectIssues(issues: Issue[]): string[] {
  return issues.filter((i) => i.file).map((i) => `${where(i)} ${i.message}`);
}

export function beforeRunCause(input: DiagnoseInput): Cause {
  const errors = input.issues.filter((i) => i.severity === "error");
  const first = errors[0];
  const validate = `apispec validate ${input.file}`;
  const secret = errors.find((i) => i.code === "SECRET_DETECTED");
  if (secret) {
    return {
      summary: `Possible credential in ${where(secret)}: nothing was sent`,
      likely_cause:
        `${secret.message}; versioned markdown must not hold tokens, passwords or keys, so the run stopped before any request`,
      next_action: secret.fix ??
        "Move the value to .env.local or an APISPEC_* variable and write {{name}} in its place",
      inspect: inspectIssues(errors.filter((i) => i.code === "SECRET_DETECTED")),
      verify: [validate],
    };
  }
  switch (first.code) {
    case "VAR_MISSING":
      return varMissing(input, errors.filter((i) => i.code === "VAR_MISSING"));
    case "SPEC_PARSE_ERROR":
      return {
        summary: `${input.file} does not parse: ${first.message}`,
        likely_cause:
          `The frontmatter or the section structure is invalid (${errors.length} error(s)), so the request could not even be read`,
        next_action: `${first.fix ?? "Fix the file"} (at ${where(first)})`,
        inspect: inspectIssues(errors),
        verify: [validate],
      };
    case "UNSUPPORTED_PROTOCOL":
      return {
        summary: `${input.file} uses protocol ${
          input.spec?.protocol ?? "ws/sse"
        }, which does not execute`,
        likely_cause:
          "Only http endpoints run; ws and sse files are accepted as documentation but cannot be sent or compared",
        next_action:
          "Keep the file as documentation and test the stream with a dedicated client; leave it out of flows",
        inspect: [`${input.file}:1 frontmatter protocol`],
        verify: [validate],
      };
    case "USAGE":
    case "ENGINE_ERROR":
      return {
        summary: first.message,
        likely_cause: first.message,
        next_action: first.fix ?? "Check the path and permissions",
        inspect: inspectIssues(errors),
        verify: [],
      };
    default:
      return validation(input, errors);
  }
}

function varMissing(input: DiagnoseInput, errors: Issue[]): Cause {
  const names = errors.map((i) => /Variable "([^"]+)"/.exec(i.message)?.[1]).filter((
    n,
  ): n is string => !!n);
  const missing = input.variables.filter((v) => !v.resolved);
  const pathParams = missing.filter((v) => v.kind === "path_param").map((v) => v.name);
  const reasons: string[] = [];
  if (names.includes("baseUrl")) {
    reasons.push(`environment "${input.env}" defines no baseUrl`);
  }
  if (names.includes("authToken")) {
    reasons.push(
      "the endpoint's auth needs authToken, a secret that only comes from APISPEC_AUTH_TOKEN or .env.local",
    );
  }
  const basic = ["username", "password"].filter((n) => names.includes(n));
  if (basic.length > 0) {
    reasons.push(
      `the endpoint's auth: basic needs ${basic.join(" and ")}, which come from ${
        basic.map((n) => envVariableFor(n)).join(" and ")
      } or .env.local`,
    );
  }
  if (pathParams.length > 0) {
    reasons.push(`path parameter ${pathParams.map((n) => `:${n}`).join(", ")} has no value`);
  }
  const explained = new Set(["baseUrl", "authToken", ...basic, ...pathParams]);
  const others = names.filter((n) => !explained.has(n));
  if (others.length > 0) reasons.push(`${others.map((n) => `{{${n}}}`).join(", ")} has no source`);
  const sample = names[0];
  return {
    summary: `${names.length} variable(s) not defined for "${input.env}": ${
      names.join(", ")
    }; nothing was sent`,
    likely_cause: `The spec uses variables no source defines for "${input.env}": ${
      reasons.join("; ")
    }`,
    next_action: errors[0].fix ?? `Define ${sample}`,
    inspect: [
      ...inspectIssues(errors),
      ...(input.envFile ? [`${input.envFile} ## ${input.env}`] : []),
      ".env.local",
      `${input.file}:1 frontmatter vars`,
    ],
    verify: [...names.map((n) => `--var ${n}=<value>`), "--dry-run"],
  };
}

function validation(input: DiagnoseInput, errors: Issue[]): Cause {
  const first = errors[0];
  const message = first.message;
  const base = {
    inspect: inspectIssues(errors),
    verify: [`apispec validate ${input.file}`],
  };
  if (/is valid only in/.test(message)) {
    const allowed = input.spec?.env ?? [];
    return {
      ...base,
      summary: `${input.file} does not run in "${input.env}": nothing was sent`,
      likely_cause: `The frontmatter env list allows only ${
        allowed.join(", ")
      }; "${input.env}" is not one of them`,
      next_action: first.fix ?? `Run it with --env=${allowed[0]}`,
      inspect: [`${input.file}:1 frontmatter env`],
      verify: allowed[0] ? [`apispec exec ${input.file} --env=${allowed[0]}`] : [],
    };
  }
  if (/resolves to a value that holds/.test(message)) {
    return {
      ...base,
      summary: message,
      likely_cause:
        "A variable's value is itself a {{placeholder}}; resolution is single-pass, so it is never expanded again",
      next_action: first.fix ?? "Give the variable its final value",
      verify: ["--dry-run"],
    };
  }
  if (/is not a valid http\(s\) URL/.test(message)) {
    return {
      ...base,
      summary: message,
      likely_cause:
        `The request URL did not resolve to http(s): baseUrl for "${input.env}" is missing its scheme or malformed`,
      next_action: first.fix ?? "Fix baseUrl",
      inspect: [
        ...base.inspect,
        ...(input.envFile ? [`${input.envFile} ## ${input.env} baseUrl`] : []),
      ],
      verify: ["--dry-run"],
    };
  }
  if (/is not defined/.test(message) && /Environment/.test(message)) {
    return {
      ...base,
      summary: message,
      likely_cause: `No environment file has a "## ${input.env}" section`,
      next_action: first.fix ?? `Add a ## ${input.env} section to api-docs/_shared/env.template.md`,
      verify: [],
    };
  }
  return {
    ...base,
    summary: `${input.file} cannot be sent: ${message}`,
    likely_cause:
      `The request or expected-response block has a syntax error or a request that cannot be built (${errors.length} error(s))`,
    next_action: `${first.fix ?? "Fix the block"} (at ${where(first)})`,
  };
}
