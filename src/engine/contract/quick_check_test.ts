import { assert, assertEquals } from "@std/assert";
import { DEFINITIONS_PREFIX, MODE_REQUIRED, SharedSchemaValidator } from "./validator.ts";
import { INVALID, QuickCheck, UNSURE, VALID } from "./quick_check.ts";
import { newAjv2020 } from "../compare/schema.ts";

const ref = (name: string) => ({ $ref: `${DEFINITIONS_PREFIX}${name}` });

/**
 * Each case checked by a validator with the quick pass and one without (ajv
 * alone), in the same order: the same errors for every value, and the same
 * flaws named by then. Each schema is also checked under `not`, where a
 * wrong INVALID from the quick pass would turn into a wrong pass.
 */
function sameAsAjv(
  definitions: Record<string, unknown>,
  cases: [schema: unknown, value: unknown, direction?: "request" | "response"][],
) {
  const quick = new SharedSchemaValidator(definitions);
  const ajv = new SharedSchemaValidator(definitions, { quick: false });
  for (const [schema, value, direction] of cases) {
    for (const variant of [schema, { not: schema }]) {
      const where = JSON.stringify({ variant, value, direction });
      assertEquals(
        quick.errors(variant, value, direction),
        ajv.errors(variant, value, direction),
        where,
      );
      assertEquals(quick.flaws(), ajv.flaws(), where);
    }
  }
}

const ajvAlone = newAjv2020();
/** A QuickCheck over `definitions`, to read its verdicts themselves. */
function quickOver(definitions: Record<string, unknown>) {
  return new QuickCheck({
    definition: (name) => definitions[name],
    refused: () => false,
    formats: ajvAlone.formats as Record<string, unknown>,
    keywords: ajvAlone.RULES.all as Record<string, unknown>,
    pattern: (source) => new RegExp(source, "u"),
  });
}

Deno.test("quick check: ajv's own semantics where they surprise (lengths, multipleOf, formats by type, uniqueItems)", () => {
  const emoji = "😀😀😀";
  sameAsAjv({}, [
    [{ type: "string", maxLength: 3 }, emoji], // code points, not UTF-16 units
    [{ type: "string", minLength: 4 }, emoji],
    [{ type: "number", multipleOf: 0.1 }, 0.3], // 0.3 / 0.1 is not an integer in floating point
    [{ type: "number", multipleOf: 0.5 }, 1.5],
    [{ multipleOf: 1 }, 1e21], // ajv's parseInt reads 1e+21 as 1
    [{ type: "integer" }, 2.0],
    [{ type: "integer" }, 2.5],
    [{ format: "int32" }, "not a number"], // a number format passes strings
    [{ format: "int32" }, 2 ** 40],
    [{ format: "date-time" }, 7],
    [{ format: "date-time" }, "2024-01-01T00:00:00Z"],
    [{ format: "date-time" }, "yesterday"],
    [{ format: "email" }, "a@b.co"],
    [{ format: "password" }, "anything"],
    [{ type: "array", uniqueItems: true }, [{ a: 1, b: 2 }, { b: 2, a: 1 }]],
    [{ type: "array", uniqueItems: true, items: { type: "integer" } }, [1, 2, 1]],
    [{ type: "array", uniqueItems: true, items: { type: ["string", "integer"] } }, ["1", 1]],
    [{ enum: [{ a: [1, 2] }] }, { a: [1, 2] }],
    [{ const: 0 }, -0],
    [{ type: ["string", "null"], pattern: "^a" }, null],
    [{ type: "string", pattern: "^\\p{L}+$" }, "été"],
    [{ prefixItems: [{ type: "string" }], items: false }, ["a", "b"]],
    [{ prefixItems: [{ type: "string" }], items: { type: "integer" } }, ["a", 1]],
  ]);
});

Deno.test("quick check: objects, directions, and names the prototype has", () => {
  const schema = {
    type: "object",
    properties: { id: { type: "integer" }, password: { type: "string" } },
    required: ["id"],
    [MODE_REQUIRED]: { request: ["password"] },
    additionalProperties: false,
    patternProperties: { "^x-": { type: "string" } },
  };
  sameAsAjv({}, [
    [schema, { id: 1 }, "response"],
    [schema, { password: "p" }, "response"],
    [schema, { id: 1 }, "request"],
    [schema, { id: 1, password: "p" }, "request"],
    [schema, { id: 1, "x-note": "n" }, "response"],
    [schema, { id: 1, "x-note": 2 }, "response"],
    [schema, { id: 1, other: 2 }, "response"],
    [{ type: "object", required: ["constructor"] }, {}], // ajv reads data[name] !== undefined
    [{ type: "object", properties: { toString: { type: "string" } } }, {}],
    [{ propertyNames: { pattern: "^[a-z]+$" } }, { ok: 1, "Not-ok": 2 }],
    [{ minProperties: 2, maxProperties: 3 }, { a: 1 }],
    [{ type: "object" }, JSON.parse('{"__proto__": {"a": 1}}')],
  ]);
});

Deno.test("quick check: anyOf, oneOf, not and allOf through shared definitions", () => {
  const definitions = {
    Cat: { type: "object", properties: { meow: { type: "boolean" } }, required: ["meow"] },
    Dog: { type: "object", properties: { bark: { type: "boolean" } }, required: ["bark"] },
    Pet: { oneOf: [ref("Cat"), ref("Dog")] },
    Any: { anyOf: [ref("Cat"), ref("Dog")] },
  };
  sameAsAjv(definitions, [
    [ref("Pet"), { meow: true }],
    [ref("Pet"), { meow: true, bark: true }], // both branches: oneOf fails
    [ref("Pet"), {}],
    [ref("Any"), { meow: true, bark: true }],
    [ref("Any"), { bark: "loud" }],
    [{ not: ref("Cat") }, { meow: true }],
    [{ not: ref("Cat") }, { meow: 1 }],
    [{ allOf: [ref("Cat"), { properties: { name: { type: "string" } } }] }, {
      meow: true,
      name: 1,
    }],
    [ref("Unknown"), { anything: true }],
  ]);
});

Deno.test("quick check: a flaw ajv names is still named, wherever a value reaches it", () => {
  const definitions = {
    // ajv refuses an empty enum; the meta-schema accepts it.
    Empty: { type: "string", enum: [] },
    Nullable: { type: "string", nullable: true },
    BadType: { type: "text" },
    Choice: { anyOf: [{ type: "integer" }, ref("Empty")] },
    OtherChoice: { anyOf: [{ type: "integer" }, ref("BadType")] },
    Tail: { type: "object", properties: { a: { type: "integer" }, b: ref("Empty") } },
  };
  sameAsAjv(definitions, [
    [ref("Choice"), 1], // the first branch passes; ajv still runs the others
    [ref("OtherChoice"), 1],
    [ref("Tail"), { a: 1 }],
    [ref("Tail"), { a: 1, b: "x" }],
    [ref("Nullable"), null],
    [{ type: "string", pattern: "a\\Z" }, "a"],
    [{ type: "object", nullable: true }, null],
    [{ type: "string", id: "x" }, "x"],
    [{ $id: "https://example.com/s", type: "string" }, "x"],
  ]);
});

Deno.test("quick check: verdicts are VALID or INVALID only when sure, UNSURE otherwise", () => {
  const check = quickOver({ Pet: { type: "object", required: ["id"] } });
  assertEquals(check.verdict(ref("Pet"), { id: 1 }, "response"), VALID);
  assertEquals(check.verdict(ref("Pet"), {}, "response"), INVALID);
  // Keywords ajv knows and this pass does not model, and unknown definitions, are ajv's.
  assertEquals(
    check.verdict({ if: { type: "string" }, then: { minLength: 1 } }, "", "response"),
    UNSURE,
  );
  assertEquals(check.verdict({ contains: { type: "integer" } }, [1], "response"), UNSURE);
  assertEquals(check.verdict(ref("Missing"), 1, "response"), UNSURE);
  assertEquals(check.verdict({ $ref: "#/$defs/x", $defs: { x: {} } }, 1, "response"), UNSURE);
  // Keywords ajv does not know are ignored, as ajv ignores them.
  assertEquals(
    check.verdict({ type: "string", "x-whatever": 1, example: 2 }, "s", "response"),
    VALID,
  );
  // A value deeper than the pass follows is left to ajv.
  let deep: unknown = 1;
  let schema: unknown = { type: "integer" };
  for (let i = 0; i < 300; i++) {
    deep = [deep];
    schema = { type: "array", items: schema };
  }
  assertEquals(check.verdict(schema, deep, "response"), UNSURE);
  assert(new SharedSchemaValidator().errors(schema, deep).length === 0);
});
