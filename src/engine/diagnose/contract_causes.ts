/**
 * Causes of runs that got an answer that breaks the contract: a refused
 * credential (AUTH_FAILED), or a status, header, body or assertion
 * difference (CONTRACT_MISMATCH).
 */
import { statusMatches, statusText } from "../compare/status.ts";
import type { EndpointSpec, ResponseBlock } from "../model.ts";
import { at, type Cause, type DiagnoseInput } from "./cause.ts";
import { credentialAdvice } from "./credentials.ts";
import { setsAuthorization } from "./classify.ts";

export function contractCause(input: DiagnoseInput): Cause {
  const { record, spec, file } = input;
  if (!spec) {
    return {
      summary: record.hint,
      likely_cause: record.hint,
      next_action: record.hints[1] ?? "Run again with -v to see the exchange",
      inspect: [file],
      verify: [],
    };
  }
  if (record.error_type === "AUTH_FAILED") return authCause(input, spec);
  const parts: Cause[] = [];
  if (record.diff.status) parts.push(statusCause(input, spec));
  if (record.diff.headers.length > 0) parts.push(headerCause(input, spec));
  if (record.diff.body) parts.push(bodyCause(input, spec));
  const failed = record.assertion_results.filter((a) => !a.passed);
  if (input.strictAssertions && failed.length > 0) {
    const line = spec.assertions.find((a) => a.source === failed[0].rule)?.line;
    parts.push({
      summary: `${failed.length} assertion(s) failed`,
      likely_cause: `Assertion failed: ${failed.map((a) => a.message).join("; ")}`,
      next_action: "Fix the API, or the rule in ## Assertions if the documented value is wrong",
      inspect: [at(file, line, "## Assertions")],
      verify: [],
    });
  }
  if (parts.length === 0) {
    // A flow's capture or assertion failed on a response that matched the contract.
    return {
      summary: record.hint,
      likely_cause: record.hint,
      next_action:
        "Compare the flow's Capture and Assert lines with the actual response (-v shows it)",
      inspect: [file],
      verify: ["-v"],
    };
  }
  // The first part is the most fundamental: a wrong status explains the other differences.
  return {
    summary: `Contract mismatch: ${parts.map((p) => p.summary).join("; ")}`,
    likely_cause: parts[0].likely_cause,
    next_action: parts[0].next_action,
    inspect: parts.flatMap((p) => p.inspect),
    verify: parts.flatMap((p) => p.verify),
  };
}

/** The command that accepts the live response as the contract (`exec --update`). */
export function acceptCommand(input: DiagnoseInput): string {
  return `apispec exec ${input.file} --env=${input.env} --update`;
}

function authCause(input: DiagnoseInput, spec: EndpointSpec): Cause {
  const status = input.record.status;
  const file = input.file;
  const auth = input.auth ?? spec.auth;
  const advice = credentialAdvice(auth, input.env, setsAuthorization(spec));
  const credentialNames = new Set(["authToken", "username", "password"]);
  const inspect = [
    at(file, 1, `frontmatter auth (${auth ?? "the project default"})`),
    at(file, spec.request.line, "## Request Authorization header"),
    ...input.variables.filter((v) => credentialNames.has(v.name) && v.source).map((v) =>
      `${v.name} (from ${v.source})`
    ),
  ];
  const credentials = auth === "basic" ? "username or password" : "token";
  if (status === 401) {
    return {
      summary: `The API answered 401 Unauthorized instead of ${statusText(spec.expected)}`,
      likely_cause: advice.sends
        ? `The API rejected the credentials: the ${credentials} is missing, wrong, expired, or meant for another environment than "${input.env}"`
        : `The endpoint requires credentials but the request sends none (auth is ${
          auth ?? "none"
        })`,
      next_action: advice.sends
        ? `${capitalized(advice.set)}; never write credentials into the file`
        : capitalized(advice.set),
      inspect,
      verify: [],
    };
  }
  return {
    summary: `The API answered 403 Forbidden instead of ${statusText(spec.expected)}`,
    likely_cause:
      `The credentials were accepted but lack permission: ${advice.check} do not allow this request, or the resource belongs to another account`,
    next_action:
      `Use credentials whose rights allow ${spec.method} ${spec.path} in "${input.env}" (check ${advice.check}), or document 403 as the expected response if access is meant to be refused`,
    inspect,
    verify: [],
  };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function documented(spec: EndpointSpec, status: number): ResponseBlock | undefined {
  return spec.errorResponses.find((r) => statusMatches(r, status));
}

function statusCause(input: DiagnoseInput, spec: EndpointSpec): Cause {
  const { file, record } = input;
  const actual = record.status;
  const expected = statusText(spec.expected);
  const summary = `status ${actual} instead of ${expected}`;
  const request = at(file, spec.request.line, "## Request");
  const expectedBlock = at(file, spec.expected.line, "## Expected response status line");
  const block = documented(spec, actual);
  if (block && actual < 400) {
    return {
      summary: `${summary} (documented under ## Error responses)`,
      likely_cause:
        `The API answered ${actual} ${block.reason}, which the file documents as another possible answer, not as the expected ${expected}: the request may be right and the expected response the one to change`,
      next_action:
        `If ${actual} is what this request should get, make it the expected response (\`${
          acceptCommand(input)
        }\`); else find what made the API choose it (-v shows the exchange)`,
      inspect: [at(file, block.line, `## Error responses ${actual}`), expectedBlock, request],
      verify: ["-v"],
    };
  }
  if (block) {
    return {
      summary: `${summary} (a documented error response)`,
      likely_cause:
        `The API answered with the documented error ${actual} ${block.reason}: the request hit a failure case the contract describes` +
        (actual === 404
          ? `, most likely a resource that does not exist in "${input.env}"`
          : actual === 409
          ? ", most likely a conflict with data that already exists"
          : actual === 400 || actual === 422
          ? ", most likely request data the API rejects"
          : ""),
      next_action:
        "Check the request data and path parameters against that error's conditions; if this error is the intended outcome, make it the expected response",
      inspect: [at(file, block.line, `## Error responses ${actual}`), request],
      verify: ["-v"],
    };
  }
  if (actual === 404) {
    return {
      summary,
      likely_cause:
        `The path does not exist on this server, or the resource it names does not exist in "${input.env}"`,
      next_action:
        "Compare the resolved URL (the dry run shows it) with the API's routes, and check the path parameters' values",
      inspect: [
        request,
        ...input.variables.filter((v) => v.kind === "path_param").map((v) =>
          `:${v.name}${v.source ? ` (from ${v.source})` : ""}`
        ),
      ],
      verify: [`apispec exec ${file} --env=${input.env} --dry-run`],
    };
  }
  if (actual >= 500) {
    return {
      summary,
      likely_cause:
        `The server failed while handling the request (${actual}); the request itself may be valid`,
      next_action:
        "Read the server's logs for this request, fix the failure, then run the verify command",
      inspect: [request],
      verify: ["-v"],
    };
  }
  if (actual === 400 || actual === 422) {
    return {
      summary,
      likely_cause:
        "The API rejected the request body or parameters: a field is missing, misnamed or invalid",
      next_action:
        "Read the response body (-v) for the field it names, and compare ## Request with the API's validation rules; document the error under ## Error responses",
      inspect: [request],
      verify: ["-v"],
    };
  }
  if (actual >= 300 && actual < 400) {
    return {
      summary,
      likely_cause:
        "The API redirected the request; redirects are not followed, so the documented status was not reached",
      next_action:
        "Point the request at the final URL (the Location header, -v shows it), or document the redirect",
      inspect: [request],
      verify: ["-v"],
    };
  }
  return {
    summary,
    likely_cause:
      actual >= 200 && actual < 300 && spec.expected.status >= 200 && spec.expected.status < 300
        ? `The API succeeded with another status (${actual} instead of ${expected}): its contract changed, or the spec was written against an older version`
        : `The API answered ${actual} where the contract says ${expected}`,
    next_action:
      `If the API changed on purpose, accept its answer with \`${acceptCommand(input)}\` ` +
      "(rewrites ## Expected response from the live response); otherwise fix the API",
    inspect: [expectedBlock],
    verify: [],
  };
}

function headerCause(input: DiagnoseInput, spec: EndpointSpec): Cause {
  const names = input.record.diff.headers.map((h) => h.split(":")[0]);
  return {
    summary: `header ${names.join(", ")} differs`,
    likely_cause: `The response breaks the documented headers: ${
      input.record.diff.headers.join("; ")
    }`,
    next_action: "Make the API send the header, or, if it is no longer part of the contract, " +
      `run \`${acceptCommand(input)}\` (it leaves out listed headers the response lacks)`,
    inspect: names.map((name) => {
      const line = spec.expected.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())
        ?.line;
      return at(input.file, line ?? spec.expected.line, `## Expected response header ${name}`);
    }),
    verify: [],
  };
}

function bodyCause(input: DiagnoseInput, spec: EndpointSpec): Cause {
  const lines = input.record.diff.body!.split("\n");
  const first = lines[0];
  const paths = lines.map((l) => /^(body[^\s:]*)/.exec(l)?.[1]).filter((p): p is string => !!p);
  const block = spec.match === "schema"
    ? at(input.file, spec.schema?.line, "## Schema")
    : at(input.file, spec.expected.line, "## Expected response body");
  const missing = /expected present|got missing/.test(first);
  const likely = spec.match === "schema"
    ? `The body does not validate against ## Schema: ${first}`
    : missing
    ? `A documented field is missing from the response (${first}): it was removed or renamed`
    : /expected (number|string|boolean|object|array|null), got/.test(first)
    ? `A field changed type (${first}): the API's serialisation changed or the documented example is wrong`
    : `The body differs from the documented body (${spec.match} mode): ${first}`;
  return {
    summary: `body differs at ${paths.length ? paths.slice(0, 3).join(", ") : "the body"}`,
    likely_cause: likely,
    next_action: spec.match === "schema"
      ? "Fix the API's output, or update ## Schema if the contract changed on purpose"
      : `If the API changed on purpose, accept its answer with \`${acceptCommand(input)}\` ` +
        "(rewrites ## Expected response from the live response); otherwise fix the API so it matches the contract",
    inspect: [block, ...paths.slice(0, 5)],
    verify: [],
  };
}
