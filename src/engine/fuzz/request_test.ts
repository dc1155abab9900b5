import { assertEquals } from "@std/assert";
import { buildRequest, formBodyReadings, jsonText, wireValue } from "./request.ts";
import type { FuzzOperation, FuzzParameter } from "./model.ts";

const param = (name: string, place: FuzzParameter["in"], explode = place === "query") => ({
  name,
  in: place,
  required: place === "path",
  schema: {},
  explode,
});
const op: FuzzOperation = {
  method: "POST",
  path: "/users/{id}",
  parameters: [
    param("id", "path"),
    param("q", "query"),
    param("X-Trace", "header"),
    param("s", "cookie"),
  ],
  body: { mediaType: "application/json", required: true, schema: {} },
  responses: [],
};
const values = { path: { id: "a/b:c" }, query: {}, header: {}, cookie: {} };

Deno.test("parameters go where OpenAPI's default styles put them, encoded", () => {
  const built = buildRequest(op, {
    path: { id: "a/b:c" },
    query: { q: ["x y", 2] },
    header: { "X-Trace": "t-1" },
    cookie: { s: "a;b" },
    body: { value: { name: "{{x}}" } },
  });
  assertEquals(built, {
    ok: true,
    request: {
      target: "/users/a%2Fb%3Ac?q=x%20y&q=2",
      headers: [["X-Trace", "t-1"], ["Cookie", "s=a%3Bb"], ["Content-Type", "application/json"]],
      body: '{"name":"{\\u007bx}}"}',
    },
  });
  assertEquals(JSON.parse(jsonText({ a: "{{b}}" })), { a: "{{b}}" });
});

Deno.test("what cannot travel as generated makes the case unsendable", () => {
  assertEquals(buildRequest(op, { ...values, path: { id: "" } }).ok, false);
  assertEquals(buildRequest(op, { ...values, path: { id: ".." } }).ok, false);
  assertEquals(buildRequest(op, { ...values, header: { "X-Trace": "é" } }).ok, false);
  assertEquals(buildRequest(op, { ...values, header: { "X-Trace": " padded" } }).ok, false);
});

Deno.test("wireValue: what the server reads back by the schema's type", () => {
  assertEquals(wireValue(param("n", "query"), "integer", "12"), { missing: false, value: 12 });
  assertEquals(wireValue(param("n", "query"), "integer", true), { missing: false, value: "true" });
  assertEquals(wireValue(param("n", "query"), "integer", []), { missing: true });
  assertEquals(wireValue(param("n", "path"), "boolean", false), { missing: false, value: false });
});

Deno.test("formBodyReadings(): a form field arrives as text, read back as a number or a boolean too", () => {
  assertEquals(formBodyReadings({ q: 12345, n: 1 }, "q"), [
    { q: "12345", n: 1 },
    { q: 12345, n: 1 },
  ]);
  assertEquals(formBodyReadings({ on: true }, "on"), [{ on: "true" }, { on: true }]);
  assertEquals(formBodyReadings({ q: "abc" }, "q"), [{ q: "abc" }]);
  assertEquals(formBodyReadings({ q: { a: 1 } }, "q"), [{ q: '{"a":1}' }]);
  assertEquals(formBodyReadings({ q: [], n: 1 }, "q"), [{ n: 1 }]);
  assertEquals(formBodyReadings({ q: [7] }, "q"), [{ q: ["7"] }, { q: "7" }, { q: 7 }]);
});
