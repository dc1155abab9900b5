import { assertEquals, assertStringIncludes } from "@std/assert";
import { renderSpec } from "../render/spec_md.ts";
import { parseEndpoint } from "../parse/spec.ts";
import { failureDraft, failureFileName, requestDraft } from "./draft.ts";
import type { FuzzOperation } from "./model.ts";

const op: FuzzOperation = {
  method: "POST",
  path: "/orders/{shop}",
  parameters: [
    { name: "shop", in: "path", required: true, schema: {}, explode: false },
    { name: "dry", in: "query", required: true, schema: {}, explode: true },
    { name: "X-Req", in: "header", required: true, schema: {}, explode: false },
  ],
  body: { mediaType: "application/json", required: true, schema: {} },
  responses: [
    { code: "201", mediaTypes: ["application/json"], links: [] },
    { code: "422", mediaTypes: ["application/problem+json"], links: [] },
    { code: "404", mediaTypes: ["text/plain"], links: [] },
  ],
};
/** What `import openapi` drafts for the operation: an API key in the query and a header. */
const base = {
  title: "Create order",
  resource: "orders",
  method: "POST" as const,
  path: "/orders/:shop",
  vars: { shop: "main" },
  request: {
    target: "{{baseUrl}}/orders/:shop?api_key={{apiKey}}&dry={{dry}}",
    headers: [["X-Req", "{{xReq}}"], ["X-Api-Key", "{{key}}"], [
      "Content-Type",
      "application/json",
    ]] as [
      string,
      string,
    ][],
    body: '{"example": true}',
  },
  expected: { status: 201, headers: [] },
};
const sent = requestDraft(base, op, {
  target: "/orders/s1?dry=true",
  headers: [["X-Req", "r-1"], ["Content-Type", "application/json"]],
  body: '{"n":1}',
});
const facts = {
  op,
  seed: 5,
  also: [],
  excerpt: "boom",
  shrinks: 3,
};
const schema = { type: "object" };

Deno.test("a fuzz request keeps the draft's own auth and sends the generated values", () => {
  assertEquals(sent.request, {
    target: "{{baseUrl}}/orders/s1?api_key={{apiKey}}&dry=true",
    headers: [["X-Api-Key", "{{key}}"], ["X-Req", "r-1"], ["Content-Type", "application/json"]],
    body: '{"n":1}',
  });
  assertEquals(sent.vars, undefined);
});

Deno.test("each check's file expects the documented contract", () => {
  const expectOf = (check: string, status: number, extra = {}) => {
    const draft = failureDraft(
      sent,
      {
        ...facts,
        failure: { check: check as never, message: "m", key: "k" },
        status,
        ...extra,
      },
      () => schema,
      "fuzz/x.md",
    );
    return [draft.expected.status, draft.match, draft.expected.headers, draft.schema !== undefined];
  };
  assertEquals(expectOf("not_5xx", 500), [
    201,
    "schema",
    [["Content-Type", "application/json"]],
    true,
  ]);
  const mutation = { where: "body", pointer: "/n", keyword: "type", description: "must be string" };
  assertEquals(expectOf("negative_rejected", 201, { mutation }), [
    422,
    "schema",
    [["Content-Type", "application/problem+json"]],
    true,
  ]);
  assertEquals(expectOf("content_type_documented", 404, { documented: "404" }), [
    404,
    "strict",
    [["Content-Type", "text/plain"]],
    false,
  ]);
  assertEquals(expectOf("schema_conforms", 201, { documented: "201" }), [
    201,
    "schema",
    [["Content-Type", "application/json"]],
    true,
  ]);
});

Deno.test("an invalid request accepted where no 4xx is documented: the file expects any client error (4XX)", () => {
  const undocumented = { ...op, responses: [op.responses[0]] };
  const mutation = {
    where: "query",
    pointer: "dry",
    keyword: "type",
    description: "must be boolean",
  };
  const draft = failureDraft(
    sent,
    {
      ...facts,
      op: undocumented,
      failure: { check: "negative_rejected", message: "m", key: "k" },
      status: 200,
      mutation,
    },
    () => schema,
    "fuzz/x.md",
  );
  const text = renderSpec(draft);
  assertStringIncludes(text, "HTTP/1.1 4XX\n");
  const { spec, issues } = parseEndpoint(text, "fuzz/x.md");
  assertEquals(issues.filter((i) => i.severity === "error"), []);
  assertEquals([spec?.expected.status, spec?.expected.statuses], [400, ["4XX"]]);
  assertEquals(draft.schema, undefined);
});

Deno.test("a failure's file validates and says how it was found", () => {
  const draft = failureDraft(
    sent,
    {
      ...facts,
      failure: { check: "not_5xx", message: "the API answered 500", key: "500" },
      status: 500,
      after: "`POST /shops`'s answer",
    },
    () => schema,
    "api-docs/fuzz/post-orders-shop-not-5xx.md",
  );
  const text = renderSpec(draft);
  const { spec, issues } = parseEndpoint(text, "x.md");
  assertEquals(issues.filter((i) => i.severity === "error"), []);
  assertEquals(spec?.standalone, false);
  assertStringIncludes(spec!.notes!, "apispec fuzz --seed 5");
  assertStringIncludes(spec!.notes!, "3 requests spent shrinking it");
  assertEquals(failureFileName(op, "not_5xx", 2), "post-orders-shop-not-5xx-2.md");
});
