/**
 * Requests and failures of `apispec fuzz` as endpoint drafts. A fuzz request
 * is the operation's imported draft (`import openapi`'s, so its auth headers
 * and `{{variables}}` are the collection's) with the generated target,
 * parameters and body in place of the example's. A failure's file adds the
 * documented contract as its expected response, so `apispec exec` of it fails
 * the way the fuzz run did until the API keeps its contract:
 * - `schema_conforms`: the status seen, in `schema` mode against its schema;
 * - `content_type_documented`: the status seen, `strict` on the documented media type;
 * - the others: the answer a valid request is documented to get (the first
 *   2xx), or for an invalid one the documented 400, 422 or `4XX` range (`4XX`, any client
 *   error, when none of them is).
 */
import type { EndpointDraft } from "../render/spec_md.ts";
import { slugify } from "../render/spec_md.ts";
import type { CaseRequest } from "./request.ts";
import type { CheckFailure, FuzzOperation, Mutation } from "./model.ts";
import { operationKey } from "./model.ts";

/**
 * The draft that sends one generated request: the base draft's own headers
 * and query pairs stay (auth: API keys and their placeholders), those of the
 * operation's parameters and the body's Content-Type are the generated ones.
 */
export function requestDraft(
  base: EndpointDraft,
  op: FuzzOperation,
  request: CaseRequest,
): EndpointDraft {
  const headerParams = new Set(
    op.parameters.filter((p) => p.in === "header").map((p) => p.name.toLowerCase()),
  );
  const queryParams = new Set(op.parameters.filter((p) => p.in === "query").map((p) => p.name));
  const cookieParams = new Set(op.parameters.filter((p) => p.in === "cookie").map((p) => p.name));
  const kept: [string, string][] = [];
  const cookies: string[] = [];
  for (const [name, value] of base.request.headers) {
    const lower = name.toLowerCase();
    if (headerParams.has(lower) || lower === "content-type") continue;
    if (lower === "cookie") {
      // Only the base's own pairs (an API key); the parameters' come from the case.
      for (const pair of value.split(/;\s*/)) {
        if (pair && !cookieParams.has(pair.split("=")[0])) cookies.push(pair);
      }
      continue;
    }
    kept.push([name, value]);
  }
  const generated: [string, string][] = [];
  for (const [name, value] of request.headers) {
    if (name.toLowerCase() === "cookie") cookies.push(value);
    else generated.push([name, value]);
  }
  const headers = [...kept, ...generated];
  if (cookies.length) headers.push(["Cookie", cookies.join("; ")]);
  const [, baseQuery = ""] = base.request.target.split("?");
  const ownQuery = baseQuery.split("&").filter((pair) => {
    const name = decodeURIComponent(pair.split("=")[0] ?? "");
    return pair !== "" && !queryParams.has(name);
  });
  const [path, query = ""] = request.target.split("?");
  const pairs = [...ownQuery, ...(query ? query.split("&") : [])];
  return {
    ...base,
    request: {
      target: `{{baseUrl}}${path}${pairs.length ? `?${pairs.join("&")}` : ""}`,
      headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
    },
    // Sent as written: the examples' variables would stand in for generated values.
    vars: undefined,
  };
}

/**
 * The documented response a rejected request gets: 400, 422 or the `4XX`
 * range; undefined when none is (a 404 or 401 answers other things).
 */
export function rejectionCode(op: FuzzOperation): string | undefined {
  const codes = op.responses.map((r) => r.code);
  return ["400", "422"].find((c) => codes.includes(c)) ??
    codes.find((c) => /^4XX$/i.test(c));
}

/** The first documented 2xx (or `2XX`), the answer a valid request is documented to get. */
export function successCode(op: FuzzOperation): string | undefined {
  return op.responses.map((r) => r.code).filter((c) => /^2(\d\d|XX)$/i.test(c)).sort()[0];
}

function statusOf(code: string, fallback: number): number {
  if (/^[1-5]\d\d$/.test(code)) return Number(code);
  if (/^[1-5]XX$/i.test(code)) return Number(code[0]) * 100;
  return fallback;
}

export interface FailureFacts {
  op: FuzzOperation;
  failure: CheckFailure;
  /** The status the API answered. */
  status: number;
  /** The documented response code that status matched (`404`, `4XX`, `default`), if any. */
  documented?: string;
  /** Set for a negative case. */
  mutation?: Mutation;
  seed: number;
  /** Other checks the same response failed. */
  also: string[];
  /** The start of the response body, masked. */
  excerpt: string;
  /** For a request reached through a link: what produced its linked values. */
  after?: string;
  /** Requests sent to shrink the first failing request to this one. */
  shrinks: number;
}

/** A fence longer than any backtick run in the content. */
function fence(content: string): string {
  const longest = Math.max(2, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  return "`".repeat(longest + 1);
}

function notes(facts: FailureFacts, fileHint: string): string {
  const { failure, mutation } = facts;
  const lines = [
    `Found by \`apispec fuzz --seed ${facts.seed}\`: **${failure.check}**: ${failure.message}.`,
  ];
  if (facts.also.length) lines.push(`The same answer also failed: ${facts.also.join(", ")}.`);
  lines.push(
    facts.shrinks > 0
      ? `This is the smallest request that still fails that way (${facts.shrinks} ` +
        `request${facts.shrinks === 1 ? "" : "s"} spent shrinking it).`
      : "This is the request that failed.",
  );
  if (mutation) {
    lines.push(
      `The request is invalid on purpose: ${mutation.where}${
        mutation.pointer ? ` ${mutation.pointer}` : ""
      } ${mutation.description}.`,
    );
  }
  if (facts.after) {
    lines.push(
      `Its values came from ${facts.after}; the resource must still exist for this file to fail ` +
        "the same way (`standalone: false`: `check` leaves it out).",
    );
  }
  lines.push(
    "The expected response is what the OpenAPI document promises: `apispec exec " + fileHint +
      "` fails until the API keeps it. Meant for a test environment; delete the file once fixed, " +
      "or keep it as a regression test.",
  );
  if (facts.excerpt) {
    const text = JSON.stringify(facts.excerpt);
    const f = fence(text);
    lines.push(`Response body seen (start, masked):\n\n${f}text\n${text}\n${f}`);
  }
  return lines.join("\n\n");
}

/**
 * The endpoint file of one failure: the request that failed, the documented
 * contract expected (see the module comment).
 */
export function failureDraft(
  sent: EndpointDraft,
  facts: FailureFacts,
  schemaFor: (code: string) => Record<string, unknown> | undefined,
  fileHint: string,
): EndpointDraft {
  const { op, failure } = facts;
  const responseOf = (code: string) => op.responses.find((r) => r.code === code);
  const contentType = (code: string): [string, string][] => {
    const types = responseOf(code)?.mediaTypes ?? [];
    const json = types.find((t) => /[/+]json\b/i.test(t)) ?? types[0];
    return json && !json.includes("*") ? [["Content-Type", json]] : [];
  };
  const draft: EndpointDraft = {
    ...sent,
    title: `Fuzz ${failure.check}: ${operationKey(op)}`,
    description: undefined,
    tags: [...new Set([...(sent.tags ?? []), "fuzz"])],
    errorResponses: undefined,
    assertions: undefined,
    tests: undefined,
    schema: undefined,
    match: undefined,
    ...(facts.after ? { standalone: false as const } : {}),
  };
  const expect = (code: string, fallback: number, schemaMode: boolean) => {
    draft.expected = {
      status: statusOf(code, fallback),
      headers: contentType(code),
    };
    const schema = schemaMode ? schemaFor(code) : undefined;
    if (schema) {
      draft.schema = schema;
      draft.match = "schema";
    }
  };
  if (failure.check === "schema_conforms" || failure.check === "content_type_documented") {
    const code = facts.documented ?? String(facts.status);
    expect(code, facts.status, failure.check === "schema_conforms");
    if (failure.check === "content_type_documented") {
      // Strict compares the Content-Type's media type; without a body nothing else.
      draft.match = "strict";
      draft.expected.status = facts.status;
    } else draft.expected.status = facts.status;
  } else if (facts.mutation) {
    const code = rejectionCode(op);
    // Undocumented, any client error keeps the contract: APIs answer 400, 422 or 415 alike.
    if (code) expect(code, 400, true);
    else draft.expected = { status: 400, statuses: "4XX", headers: [] };
  } else {
    const code = successCode(op);
    if (code) expect(code, 200, true);
    else draft.expected = { status: 200, headers: [] };
  }
  draft.notes = notes(facts, fileHint);
  return draft;
}

/** `post-users-not-5xx.md`: the operation and the check, for a file under `--out`. */
export function failureFileName(op: FuzzOperation, check: string, n = 1): string {
  const slug = slugify(op.path.replace(/[{}]/g, "")) || "root";
  return `${op.method.toLowerCase()}-${slug}-${check.replace(/_/g, "-")}${n > 1 ? `-${n}` : ""}.md`;
}
