import { assertEquals } from "@std/assert";
import { schemaProblem, validateAgainstSchema } from "./schema.ts";

Deno.test("schemaProblem() gives ajv's verdict on a schema, whichever dialect checks it", () => {
  const cases: [unknown, string | undefined][] = [
    [{ type: "object", required: ["id"] }, undefined],
    [true, undefined],
    // Draft 2020-12, checked by the meta-schema validator generated ahead of time.
    [
      { type: 12 },
      "schema is invalid: data/type must be equal to one of the allowed values, " +
      "data/type must be array, data/type must match a schema in anyOf",
    ],
    [
      { $schema: "https://json-schema.org/draft/2020-12/schema", minLength: "x" },
      "schema is invalid: data/minLength must be integer",
    ],
    // Other dialects, checked by ajv itself.
    [
      { $schema: "http://json-schema.org/draft-07/schema#", minLength: "x" },
      "schema is invalid: data/minLength must be integer",
    ],
    [
      { $schema: "https://json-schema.org/draft/2019-09/schema" },
      'no schema with key or ref "https://json-schema.org/draft/2019-09/schema"',
    ],
    ["str", "a JSON schema must be an object or a boolean"],
  ];
  for (const [schema, problem] of cases) {
    assertEquals(schemaProblem(schema), problem, JSON.stringify(schema));
  }
});

Deno.test("validateAgainstSchema() checks formats and names the failing path", () => {
  const schema = {
    type: "object",
    properties: { items: { type: "array", items: { properties: { e: { format: "email" } } } } },
  };
  assertEquals(validateAgainstSchema(schema, { items: [{ e: "a@b.org" }, { e: "nope" }] }), [
    'body.items[1].e: must match format "email"',
  ]);
});
