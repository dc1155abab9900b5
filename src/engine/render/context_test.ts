import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { parseEndpoint } from "../parse/spec.ts";
import type { EndpointSpec } from "../model.ts";
import { type ContextInput, renderContext } from "./context.ts";
import { selectParts } from "./context_intent.ts";
import { estimateTokens } from "./context_budget.ts";

const TEXT = `---
resource: users
protocol: http
method: POST
path: /users
version: 1
auth: bearer
---
# Create user

Creates a user.

## Request

\`\`\`http
POST {{baseUrl}}/users
Content-Type: application/json

{"name": "{{name}}", "age": {{age}}, "tags": ["a"], "address": {"city": "x", "zip": "1"}, "a": 1, "b": 2, "c": 3}
\`\`\`

## Expected response

\`\`\`http
HTTP/1.1 201 Created
Content-Type: application/json
Location: /users/1

{"id": 1, "name": "Ada"}
\`\`\`

## Error responses

\`\`\`http
HTTP/1.1 422 Unprocessable Content

{"error": "validation_failed"}
\`\`\`

## Assertions

- status: 201
- body.id: exists
`;

function spec(): EndpointSpec {
  const { spec, issues } = parseEndpoint(TEXT, "apis/users/post-create-user.md");
  assert(spec, JSON.stringify(issues));
  return spec;
}

function input(
  overrides: Partial<ContextInput> & { intent?: string; brief?: boolean } = {},
): ContextInput {
  const intent = overrides.intent ?? "implement";
  const { parts } = selectParts({ intent, brief: overrides.brief ?? true, noGuidance: false });
  return {
    intent,
    mode: "surgical",
    env: "dev",
    tokenBudget: 600,
    maxFields: 6,
    parts,
    verbose: false,
    scope: "post-create-user",
    endpoints: [{
      file: "api-docs/apis/users/post-create-user.md",
      spec: spec(),
      auth: "bearer",
      variables: [{ name: "baseUrl" }, { name: "name" }, { name: "age" }, { name: "authToken" }],
      role: "target",
    }],
    flows: [],
    invalid: [],
    overview: [],
    related: [],
    scopeVerify: [],
    ...overrides,
  };
}

const third = (text: string) => text.split("\n")[2].split(":")[0];

Deno.test("renderContext() orders parts by intent: each intent leads with what it acts on", () => {
  assertEquals(third(renderContext(input({ intent: "implement" })).text), "request");
  assertEquals(third(renderContext(input({ intent: "debug" })).text), "vars");
  assertEquals(third(renderContext(input({ intent: "test" })).text), "assertions");
  assertEquals(third(renderContext(input({ intent: "review" })).text), "rules");
  assertEquals(third(renderContext(input({ intent: "document" })).text), "title");
});

Deno.test("renderContext() selects by intent: verify commands and parts differ", () => {
  const debug = renderContext(input({ intent: "debug" })).text;
  assertStringIncludes(
    debug,
    "verify: apispec diagnose api-docs/apis/users/post-create-user.md --env=dev",
  );
  assert(!debug.includes("request:"), "a brief debug context leaves the request out");
  const test = renderContext(input({ intent: "test" })).text;
  assertStringIncludes(test, "--strict-assertions");
  assertStringIncludes(test, "assertions: status: 201; body.id: exists");
  assert(!renderContext(input()).text.includes("assertions:"));
});

Deno.test("renderContext() writes body fields as body.<f>:<type>, bounded by max fields", () => {
  const text = renderContext(input({ maxFields: 3 })).text;
  assertStringIncludes(text, "request: body.name:string, body.age:any, body.tags:array, (+6 more)");
  assertStringIncludes(
    text,
    "response: 201 headers.location:string, body.id:number, body.name:string",
  );
  assertStringIncludes(text, "errors: 422 validation_failed");
});

Deno.test("selectParts() honours brief, include, all and no_guidance", () => {
  assertEquals(selectParts({ intent: "implement", brief: true, noGuidance: false }).parts, [
    "request",
    "response",
    "errors",
    "variables",
    "verify",
  ]);
  const full = selectParts({ intent: "implement", brief: false, noGuidance: false }).parts;
  assert(full.includes("title") && full.includes("guidance"));
  assert(
    !selectParts({ intent: "implement", brief: false, noGuidance: true }).parts.includes(
      "guidance",
    ),
  );
  assertEquals(
    selectParts({ intent: "test", brief: true, include: "verify, request", noGuidance: false })
      .parts,
    ["verify", "request"],
  );
  assertEquals(
    selectParts({ intent: "x", brief: true, include: "all", noGuidance: false }).parts.length,
    9,
  );
  assertEquals(
    selectParts({ intent: "x", brief: true, include: "nope", noGuidance: false }).issues[0].code,
    "USAGE",
  );
});

Deno.test("renderContext() adds guidance and full blocks when asked", () => {
  const text = renderContext(input({ brief: false, verbose: true })).text;
  assertStringIncludes(text, "title: Create user. Creates a user.");
  assertStringIncludes(text, "guidance:\n- Make the code satisfy");
  assertStringIncludes(
    text,
    "```http\nPOST {{baseUrl}}/users\nContent-Type: application/json\n\n{",
  );
  assertStringIncludes(text, "```http\nHTTP/1.1 201 Created\n");
});

Deno.test("renderContext() never exceeds the budget nor cuts a line, in every mode", () => {
  const many = input({ brief: false, verbose: true });
  many.endpoints = Array.from({ length: 12 }, () => many.endpoints[0]);
  for (const mode of ["surgical", "compact"] as const) {
    const whole = renderContext({ ...many, mode, tokenBudget: 100000 }).text.split("\n");
    for (const budget of [1, 10, 50, 120, 333, 900]) {
      const { text } = renderContext({ ...many, mode, tokenBudget: budget });
      assert(estimateTokens(text) <= budget, `${mode} ${budget}`);
      for (const line of text.split("\n").filter(Boolean)) {
        assert(
          whole.includes(line) || /over the token budget\)$/.test(line),
          `${mode} ${budget}: ${line}`,
        );
      }
    }
  }
});

Deno.test("renderContext() schema mode is valid JSON within the budget, shrinking by priority", () => {
  const many = input({ brief: false, mode: "schema" });
  many.endpoints = Array.from({ length: 5 }, () => many.endpoints[0]);
  for (const budget of [60, 150, 400, 5000]) {
    const out = renderContext({ ...many, tokenBudget: budget });
    assert(out.text.length <= budget * 4, `budget ${budget}`);
    assertEquals(JSON.parse(out.text), out.contract);
  }
  const roomy = renderContext({ ...many, tokenBudget: 5000 }).contract as {
    endpoints: Record<string, unknown>[];
  };
  assertEquals(roomy.endpoints[0].request, {
    fields: {
      "body.name": "string",
      "body.age": "any",
      "body.tags": "array",
      "body.address": "object",
      "body.a": "number",
      "body.b": "number",
      "(more)": 3,
    },
  });
  const tight = renderContext({ ...many, tokenBudget: 150 }).contract as {
    endpoints: Record<string, unknown>[];
    omitted: number;
  };
  assert(tight.omitted > 0);
  for (const endpoint of tight.endpoints) assertEquals(endpoint.method, "POST");
});

Deno.test("renderContext() compact mode: one facts line per endpoint, and its neighbours", () => {
  const compact = renderContext(input({
    mode: "compact",
    related: [{
      kind: "endpoint",
      file: "api-docs/apis/users/get-user.md",
      method: "GET",
      path: "/users/:id",
      title: "Get user",
    }],
  })).text.split("\n");
  assertEquals(compact[0], "# implement context · env dev · post-create-user");
  assertEquals(compact[1], "## POST /users · api-docs/apis/users/post-create-user.md");
  assert(compact[2].startsWith("req body.name:string") && compact[2].includes(" | res 201 "));
  assertEquals(compact.at(-1), "related: GET /users/:id · api-docs/apis/users/get-user.md");
});
