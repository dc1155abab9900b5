import { assertEquals, assertMatch } from "@std/assert";
import { compareResponse } from "./compare.ts";
import { compareHeaders } from "./headers.ts";
import { pointerToPath, validateAgainstSchema } from "./schema.ts";
import type { HttpResponse, ResponseBlock } from "../model.ts";

const expected = (status: number, headers: [string, string][] = [], body = ""): ResponseBlock => ({
  status,
  reason: "",
  headers: headers.map(([name, value]) => ({ name, value })),
  body,
  line: 1,
});
const actual = (status: number, headers: [string, string][] = [], body = ""): HttpResponse => ({
  status,
  reason: "",
  headers,
  body,
});

Deno.test("compareResponse() compares status strictly in every mode", () => {
  for (const match of ["shape", "strict", "schema"] as const) {
    const diff = compareResponse(expected(201), actual(200, [], "{}"), {
      match,
      ignore: [],
      validateSchema: () => [],
    });
    assertEquals([diff.passed, diff.status], [false, "expected 201, got 200"]);
  }
});

Deno.test("compareHeaders() wants listed headers present; values only in strict mode, Content-Type by media type", () => {
  const listed = [{ name: "Content-Type", value: "application/json" }, {
    name: "X-Id",
    value: "1",
  }];
  const got: [string, string][] = [["content-type", "application/json; charset=utf-8"], [
    "x-id",
    "2",
  ], ["x-extra", "y"]];
  assertEquals(compareHeaders(listed, got, "shape", () => false), []);
  assertEquals(compareHeaders(listed, got, "strict", () => false), ['X-Id: expected "1", got "2"']);
  assertEquals(compareHeaders(listed, got, "strict", (p) => p === "headers.x-id"), []);
  assertEquals(compareHeaders([{ name: "Location", value: "/x" }], got, "shape", () => false), [
    "Location: expected present, got missing",
  ]);
});

Deno.test("compareResponse() compares JSON by shape, else text; an empty expected body sets no contract", () => {
  assertEquals(
    compareResponse(expected(200, [], '{"id": 1}'), actual(200, [], '{"id": 2, "x": 1}'), {
      match: "shape",
      ignore: [],
    }).passed,
    true,
  );
  assertEquals(
    compareResponse(expected(200, [], "hello"), actual(200, [], "hello"), {
      match: "shape",
      ignore: [],
    }).passed,
    true,
  );
  assertEquals(
    compareResponse(expected(200, [], "hello"), actual(200, [], "bye"), {
      match: "shape",
      ignore: [],
    }).body,
    'body line 1: expected "hello", got "bye"',
  );
  assertEquals(
    compareResponse(expected(200, [], '{"id": 1}'), actual(200, [], "<html>"), {
      match: "shape",
      ignore: [],
    }).body,
    'body: expected JSON, got "<html>"',
  );
  assertEquals(
    compareResponse(expected(200), actual(200, [], "anything"), { match: "strict", ignore: [] })
      .passed,
    true,
  );
});

Deno.test("compareResponse() in strict mode applies response.ignore to body and headers", () => {
  const diff = compareResponse(
    expected(200, [["Date", "x"]], '{"id": 1, "at": "t"}'),
    actual(200, [["date", "y"]], '{"id": 1, "at": "u"}'),
    { match: "strict", ignore: ["body.at", "headers.date"] },
  );
  assertEquals(diff, { passed: true, status: null, headers: [], body: null });
});

Deno.test("validateAgainstSchema() reports ajv errors as body paths, with formats and drafts", () => {
  const schema = {
    type: "object",
    required: ["id"],
    properties: {
      id: { type: "integer" },
      email: { type: "string", format: "email" },
      items: { type: "array", items: { type: "string" } },
    },
  };
  assertEquals(validateAgainstSchema(schema, { id: 1, email: "a@b.co", items: ["x"] }), []);
  const errors = validateAgainstSchema(schema, { id: "1", email: "nope", items: ["x", 2] });
  assertEquals(errors.sort(), [
    'body.email: must match format "email"',
    "body.id: must be integer",
    "body.items[1]: must be string",
  ]);
  const draft7 = {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    required: ["a"],
  };
  assertEquals(validateAgainstSchema(draft7, {}), ["body: must have required property 'a'"]);
  assertEquals(pointerToPath("/a~1b/0"), "body.a/b[0]");
});

Deno.test("compareResponse() in schema mode needs a JSON body", () => {
  const diff = compareResponse(expected(200), actual(200, [], "oops"), {
    match: "schema",
    ignore: [],
    schema: { type: "object" },
    validateSchema: validateAgainstSchema,
  });
  assertMatch(diff.body!, /expected JSON to validate/);
});
