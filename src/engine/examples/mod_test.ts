import { assert, assertEquals, assertMatch, assertNotEquals } from "@std/assert";
import { ExampleGenerator } from "./mod.ts";
import { DEFINITIONS_PREFIX } from "../contract/schema_ids.ts";

const examples = new ExampleGenerator();

/** The deterministic example, which must have passed the check. */
function valueOf(schema: unknown, mode: "request" | "response" = "response"): unknown {
  const result = examples.example(schema, { mode });
  assert(result.ok, JSON.stringify(result));
  assertEquals(examples.check(schema, result.value, mode), []);
  return result.value;
}

Deno.test("example(): a pattern is matched (randexp), within its lengths", () => {
  const sid = valueOf({ type: "string", pattern: "^AC[0-9a-fA-F]{32}$" });
  assertMatch(sid as string, /^AC[0-9a-fA-F]{32}$/);
  const code = valueOf({ type: "string", pattern: "^[A-Z]{2,}-\\d+$", minLength: 6, maxLength: 8 });
  assertMatch(code as string, /^[A-Z]{2,}-\d+$/);
  assert((code as string).length >= 6 && (code as string).length <= 8);
});

Deno.test("example(): formats give values ajv-formats accepts", () => {
  for (
    const format of [
      "date-time",
      "date",
      "time",
      "email",
      "uuid",
      "uri",
      "uri-reference",
      "hostname",
      "ipv4",
      "ipv6",
      "byte",
      "duration",
    ]
  ) {
    const value = valueOf({ type: "string", format });
    assertEquals(typeof value, "string", format);
  }
  assertEquals(valueOf({ type: "string", format: "date" }), "2024-01-01");
});

Deno.test("example(): enum, const, numbers within bounds and multiples", () => {
  assertEquals(valueOf({ enum: [null, "b", "c"] }), "b");
  assertEquals(valueOf({ const: { a: 1 } }), { a: 1 });
  assertEquals(valueOf({ type: "integer", minimum: 3, multipleOf: 5 }), 5);
  assertEquals(valueOf({ type: "integer", exclusiveMinimum: 7 }), 8);
  const between = valueOf({ type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 }) as number;
  assert(between > 0 && between < 1);
  assertEquals(valueOf({ type: "integer", multipleOf: 0.5, minimum: 1.2 }), 2);
  assertEquals(valueOf({ type: "integer", maximum: -4 }), -4);
});

Deno.test("example(): arrays honour min/maxItems and uniqueItems", () => {
  assertEquals(
    valueOf({ type: "array", items: { enum: ["a", "b", "c"] }, minItems: 3, uniqueItems: true }),
    [
      "a",
      "b",
      "c",
    ],
  );
  const ids = valueOf({
    type: "array",
    items: { type: "integer" },
    minItems: 4,
    uniqueItems: true,
  });
  assertEquals(new Set(ids as number[]).size, 4);
  assertEquals(valueOf({ type: "array", items: { type: "string" }, maxItems: 0 }), []);
  assertEquals(
    valueOf({
      type: "array",
      prefixItems: [{ type: "integer" }, { type: "string" }],
      items: false,
    }),
    [0, "string"],
  );
});

Deno.test("example(): anyOf/oneOf take a branch that validates, null last", () => {
  assertEquals(
    valueOf({ anyOf: [{ type: "null" }, { type: "string", format: "date" }] }),
    "2024-01-01",
  );
  assertEquals(valueOf({ type: ["null", "integer"], minimum: 2 }), 2);
  // Both branches accept any object without `b`: only a value with `b` matches exactly one.
  const one = valueOf({
    oneOf: [
      { type: "object", properties: { a: { type: "string" } } },
      { type: "object", properties: { b: { type: "number" } }, required: ["b"] },
    ],
  });
  assertEquals(typeof one, "object");
});

Deno.test("example(): allOf is merged, additionalProperties: false keeps only its names", () => {
  const merged = valueOf({
    allOf: [
      { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
      { properties: { name: { type: "string", minLength: 12 } }, required: ["name"] },
    ],
  });
  assertEquals(merged, { id: 0, name: "stringxxxxxx" });
  const closed = valueOf({
    type: "object",
    additionalProperties: false,
    properties: { a: { type: "integer" } },
    required: ["a"],
  });
  assertEquals(closed, { a: 0 });
  const map = valueOf({ type: "object", additionalProperties: { type: "integer", minimum: 1 } });
  assertEquals(map, { additionalProp1: 1 });
});

Deno.test("example(): readOnly left out of requests, writeOnly out of responses", () => {
  const schema = {
    type: "object",
    required: ["name"],
    properties: {
      id: { type: "integer", readOnly: true },
      name: { type: "string" },
      password: { type: "string", writeOnly: true },
    },
  };
  const request = examples.example(schema, { mode: "request", properties: "all" });
  assert(request.ok);
  assertEquals(Object.keys(request.value as object).sort(), ["name", "password"]);
  assertEquals(Object.keys(valueOf(schema, "response") as object).sort(), ["id", "name"]);
  // Requests hold only required properties unless asked for all.
  assertEquals(valueOf(schema, "request"), { name: "string" });
});

Deno.test("example(): recursion through $ref is bounded, nullable ends it", () => {
  const node = valueOf({
    $defs: {
      Node: {
        type: "object",
        required: ["next"],
        properties: { next: { anyOf: [{ $ref: "#/$defs/Node" }, { type: "null" }] } },
      },
    },
    $ref: "#/$defs/Node",
  });
  assert(JSON.stringify(node).length < 200, JSON.stringify(node));
  const tree = valueOf({
    $defs: {
      Tree: {
        type: "object",
        properties: { children: { type: "array", items: { $ref: "#/$defs/Tree" } } },
      },
    },
    $ref: "#/$defs/Tree",
  });
  assert(JSON.stringify(tree).length < 500);
});

Deno.test("example(): the schema's own example is used when it validates, else replaced", () => {
  assertEquals(valueOf({ type: "string", examples: ["octocat"] }), "octocat");
  assertEquals(valueOf({ type: "integer", examples: ["not a number"] }), 0);
  assertEquals(
    valueOf({ type: "object", properties: { n: { type: "integer", examples: ["x"] } } }),
    { n: 0 },
  );
});

Deno.test("example(): refs into a shared source, named as the OpenAPI converter names them", () => {
  const definitions: Record<string, unknown> = {
    Pet: {
      type: "object",
      required: ["kind"],
      properties: { kind: { $ref: `${DEFINITIONS_PREFIX}Kind` } },
    },
    Kind: { enum: ["cat", "dog"] },
  };
  const shared = new ExampleGenerator({
    prefix: DEFINITIONS_PREFIX,
    definition: (n) => definitions[n],
  });
  const result = shared.example({ $ref: `${DEFINITIONS_PREFIX}Pet` }, { mode: "response" });
  assertEquals(result, { ok: true, value: { kind: "cat" } });
  assertEquals(
    shared.check({ $ref: `${DEFINITIONS_PREFIX}Pet` }, { kind: "cow" }, "response").length,
    1,
  );
});

Deno.test("example(): a seed gives varied valid values, the same for the same seed", () => {
  const schema = {
    type: "object",
    required: ["id", "kind", "code"],
    properties: {
      id: { type: "integer", minimum: 1, maximum: 10_000 },
      kind: { enum: ["a", "b", "c", "d"] },
      code: { type: "string", pattern: "^[a-z]{3}-\\d{2}$" },
      note: { type: "string" },
    },
  };
  const seen = new Set<string>();
  for (let seed = 0; seed < 20; seed++) {
    const result = examples.example(schema, { mode: "request", seed });
    assert(result.ok);
    assertEquals(examples.check(schema, result.value, "request"), []);
    assertEquals(examples.example(schema, { mode: "request", seed }), result);
    seen.add(JSON.stringify(result.value));
  }
  assert(seen.size > 15, `${seen.size} distinct values of 20`);
  assertNotEquals(
    examples.example(schema, { mode: "request", variant: 1 }),
    examples.example(schema, { mode: "request" }),
  );
});

Deno.test("example(): an unsatisfiable schema is ok: false with ajv's errors", () => {
  const result = examples.example({ allOf: [{ type: "string" }, { type: "integer" }] }, {
    mode: "request",
  });
  assertEquals(result.ok, false);
  const impossible = examples.example({ type: "string", minLength: 5, maxLength: 2 }, {
    mode: "request",
  });
  assertEquals(impossible.ok, false);
});

Deno.test("check(): a pattern outside the linear subset runs on RE2, so it cannot hang", () => {
  const schema = { type: "string", pattern: "^(a+)+$" };
  const started = performance.now();
  assertEquals(examples.check(schema, "a".repeat(40) + "!", "request").length, 1);
  assert(performance.now() - started < 1000);
  assertEquals(examples.check(schema, "aaa", "request"), []);
});
