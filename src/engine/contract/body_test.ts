import { assertEquals } from "@std/assert";
import { bodyErrors, isJsonMedia, parseTemplateJson } from "./body.ts";
import type { SchemaError } from "./validator.ts";

Deno.test("parseTemplateJson() reads bare placeholders as strings and keeps strings as written", () => {
  assertEquals(parseTemplateJson('{"id": {{id}}, "tag": "a {{b}} c", "n": 1}'), {
    id: "{{id}}",
    tag: "a {{b}} c",
    n: 1,
  });
  assertEquals(parseTemplateJson('{"quote": "say \\"{{x}}\\""}'), { quote: 'say "{{x}}"' });
  assertEquals(parseTemplateJson("not json"), undefined);
  assertEquals(parseTemplateJson("  "), undefined);
});

Deno.test("bodyErrors() leaves out errors on placeholders, and missing properties when partial", () => {
  const value = { id: "{{id}}", name: 3 };
  const errors: SchemaError[] = [
    { pointer: "/id", keyword: "type", message: "must be integer" },
    { pointer: "/name", keyword: "type", message: "must be string" },
    { pointer: "", keyword: "required", message: "must have required property 'email'" },
  ];
  assertEquals(bodyErrors(() => errors, value, "body"), [
    "body.name: must be string",
    "body: must have required property 'email'",
  ]);
  assertEquals(bodyErrors(() => errors, value, "request", true), ["request.name: must be string"]);
  assertEquals(
    bodyErrors(
      () => {
        throw new Error("bad schema");
      },
      value,
      "body",
    ),
    ["the OpenAPI schema cannot be compiled: bad schema"],
  );
});

Deno.test("isJsonMedia() accepts JSON and +json types, and a body without a type", () => {
  assertEquals(
    ["application/json", "application/problem+json", undefined, "text/plain"].map(isJsonMedia),
    [true, true, true, false],
  );
});
