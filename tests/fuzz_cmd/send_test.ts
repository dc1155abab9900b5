/**
 * The sender reuses one parsed spec per operation and swaps the request
 * block in: the result must be what parsing the written file gives, or a
 * file would not send what the fuzz run sent.
 */
import { assertEquals } from "@std/assert";
import { specOf, withRequest } from "../../src/ops/fuzz/send.ts";
import { requestDraft } from "../../src/engine/fuzz/draft.ts";
import { buildRequest } from "../../src/engine/fuzz/request.ts";
import type { FuzzCase, FuzzOperation } from "../../src/engine/fuzz/model.ts";

const op: FuzzOperation = {
  method: "POST",
  path: "/users/{id}",
  parameters: [
    { name: "id", in: "path", required: true, schema: {}, explode: false },
    { name: "q", in: "query", required: false, schema: {}, explode: true },
    { name: "X-Trace", in: "header", required: false, schema: {}, explode: false },
    { name: "s", in: "cookie", required: false, schema: {}, explode: false },
  ],
  body: { mediaType: "application/json", required: true, schema: {} },
  responses: [],
};
const base = {
  title: "Create user",
  resource: "users",
  method: "POST" as const,
  path: "/users/:id",
  auth: "bearer" as const,
  request: { target: "{{baseUrl}}/users/:id", headers: [] as [string, string][] },
  expected: { status: 201, headers: [["Content-Type", "application/json"]] as [string, string][] },
};

const cases: FuzzCase[] = [
  { path: { id: 1 }, query: {}, header: {}, cookie: {}, body: { value: {} } },
  {
    path: { id: "日本語 /:x" },
    query: { q: ["a b", "{{c}}", "é"] },
    header: { "X-Trace": "a {{b}} c".replace("{{", "{ ") },
    cookie: { s: "x=y; z" },
    body: { value: { name: "🙂\u202etxet\u0000", note: "{{x}}", n: 1e308, list: [null, true] } },
  },
  {
    path: { id: "x".repeat(300) },
    query: { q: [] },
    header: {},
    cookie: {},
    body: { value: "text" },
  },
];

Deno.test("a swapped request block is what parsing the rendered file gives", () => {
  const skeleton = specOf(requestDraft(base, op, { target: "/users/0", headers: [] })).spec!;
  for (const values of cases) {
    const built = buildRequest(op, values);
    if (!built.ok) throw new Error(built.reason);
    const draft = requestDraft(base, op, built.request);
    const parsed = specOf(draft).spec!;
    const swapped = withRequest(skeleton, draft);
    // Lines aside (a swapped block has none of its own).
    const plain = (r: typeof parsed.request) => ({
      ...r,
      line: 0,
      headers: r.headers.map(({ name, value }) => ({ name, value })),
    });
    assertEquals(plain(swapped.request), plain(parsed.request), JSON.stringify(values));
    assertEquals(swapped.method, parsed.method);
    assertEquals(swapped.auth, parsed.auth);
  }
});
