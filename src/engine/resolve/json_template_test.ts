import { assertEquals } from "@std/assert";
import { fillJsonTemplate, isJsonMediaType, looksLikeJsonTemplate } from "./json_template.ts";

const fill = (text: string, values: Record<string, string>) =>
  fillJsonTemplate(text, (name) => values[name]);

Deno.test("fillJsonTemplate() makes a bare placeholder a number only when the value is numeric", () => {
  for (const [value, expected] of [["42", 42], ["-1.5e3", -1500], ["0", 0]] as const) {
    assertEquals(JSON.parse(fill('{"id": {{id}}}', { id: value })), { id: expected });
  }
  for (const value of ["abc", "007", "1.", "12abc", "true", "", " 1"]) {
    assertEquals(JSON.parse(fill('{"id": {{id}}}', { id: value })), { id: value });
  }
});

Deno.test("fillJsonTemplate() escapes a value placed inside a JSON string", () => {
  const values = { q: 'say "hi" \\ \n done', id: "7" };
  const filled = fill('{"text": "x{{q}}y", "self": "/users/{{id}}"}', values);
  assertEquals(JSON.parse(filled), { text: `x${values.q}y`, self: "/users/7" });
});

Deno.test("fillJsonTemplate() tracks strings across escaped quotes and arrays", () => {
  const filled = fill('["a \\"{{x}}\\"", {{x}}, "{{x}}"]', { x: "b" });
  assertEquals(JSON.parse(filled), ['a "b"', "b", "b"]);
});

Deno.test("fillJsonTemplate() leaves placeholders without a value as written", () => {
  assertEquals(
    fill('{"a": "{{missing}}", "b": {{id}}}', { id: "1" }),
    '{"a": "{{missing}}", "b": 1}',
  );
});

Deno.test("isJsonMediaType() and looksLikeJsonTemplate() recognise JSON bodies", () => {
  assertEquals(
    ["application/json; charset=utf-8", "application/problem+json", "text/json", "text/plain"]
      .map(isJsonMediaType),
    [true, true, true, false],
  );
  assertEquals(isJsonMediaType(undefined), false);
  assertEquals(["  {", "[1]", "plain"].map(looksLikeJsonTemplate), [true, true, false]);
});
