import { assertEquals } from "@std/assert";
import { DEFINITIONS_PREFIX, MODE_REQUIRED, SharedSchemaValidator } from "./validator.ts";

const ref = (name: string) => ({ $ref: `${DEFINITIONS_PREFIX}${name}` });

Deno.test("SharedSchemaValidator: anyOf nested deep through recursive references compiles and validates", () => {
  // Compiled whole, ajv's code generator overflowed the stack on such schemas (issue #29's document).
  const nested = (level: number, i: number): unknown =>
    level === 0 ? ref(`N${(i + 1) % 40}`) : {
      anyOf: [
        { type: "string", pattern: `^n${level}-[a-z]+$` },
        {
          type: "object",
          properties: { [`k${level}`]: nested(level - 1, i) },
          required: [`k${level}`],
        },
        { type: "array", items: nested(level - 1, i + level) },
        { type: "null" },
      ],
    };
  const definitions: Record<string, unknown> = {};
  for (let i = 0; i < 40; i++) {
    definitions[`N${i}`] = {
      type: "object",
      required: ["id"],
      properties: { id: { type: "integer" }, value: nested(7, i), parent: ref(`N${(i + 7) % 40}`) },
    };
  }
  const validator = new SharedSchemaValidator(definitions);
  const value = { id: 1, value: { k7: { k6: "n5-ab" } }, parent: { id: 2, value: null } };
  assertEquals(validator.errors(ref("N0"), value), []);
  const wrong = { id: 1, value: { k7: { k6: 7 } } };
  assertEquals(validator.errors(ref("N0"), wrong).length > 0, true);
  assertEquals(validator.flaws(), []);
});

Deno.test("SharedSchemaValidator: readOnly names are required in responses only, writeOnly in requests", () => {
  const schema = {
    type: "object",
    required: ["name"],
    [MODE_REQUIRED]: { response: ["id"], request: ["password"] },
  };
  const validator = new SharedSchemaValidator();
  assertEquals(validator.errors(schema, { name: "a", password: "p" }, "request"), []);
  assertEquals(
    validator.errors(schema, { name: "a", password: "p" }, "response").map((e) => e.missing),
    [
      "id",
    ],
  );
  assertEquals(validator.errors(schema, { name: "a", id: 1 }, "request").map((e) => e.missing), [
    "password",
  ]);
});

Deno.test("SharedSchemaValidator: a flawed definition is named and accepts anything; the rest is checked", () => {
  const validator = new SharedSchemaValidator({
    Bad: { type: "object", required: ["a", "a"] },
    Good: { type: "object", properties: { bad: ref("Bad"), n: { type: "integer" } } },
  });
  assertEquals(validator.errors(ref("Good"), { bad: {}, n: 1 }), []);
  assertEquals(validator.errors(ref("Good"), { bad: {}, n: "x" }).map((e) => e.pointer), ["/n"]);
  assertEquals(validator.flaws().map((f) => f.name), ["Bad"]);
});
