import { assert, assertEquals } from "@std/assert";
import { ExampleGenerator } from "./mod.ts";
import { invalidValue, invalidValues } from "./invalid.ts";

const ORDER = {
  type: "object",
  required: ["product", "quantity", "status"],
  properties: {
    product: { type: "string", minLength: 1 },
    quantity: { type: "integer", minimum: 1, maximum: 10 },
    status: { type: "string", enum: ["pending", "paid"] },
    note: { type: "string", maxLength: 20 },
  },
};

Deno.test("invalidValue: each seed gives a value the schema refuses, changed in one place", () => {
  const generator = new ExampleGenerator();
  const pointers = new Set<string>();
  for (let seed = 0; seed < 40; seed++) {
    const invalid = invalidValue(generator, ORDER, { mode: "request", seed });
    assert(invalid, `seed ${seed}`);
    assert(generator.check(ORDER, invalid.value, "request").length > 0, `seed ${seed}`);
    pointers.add(invalid.pointer);
    assertEquals(invalid, invalidValue(generator, ORDER, { mode: "request", seed }));
  }
  for (const place of ["/product", "/quantity", "/status"]) assert(pointers.has(place), place);
});

Deno.test("invalidValues: every field of the example broken once, its keyword named", () => {
  const generator = new ExampleGenerator();
  const all = invalidValues(generator, ORDER, { mode: "request", limit: 20 });
  const byPlace = Object.fromEntries(all.map((v) => [v.pointer, v.keyword]));
  assertEquals(byPlace["/status"], "enum");
  assertEquals(byPlace["/quantity"], "maximum");
  assertEquals(byPlace["/note"], "maxLength");
  assertEquals(byPlace["/product"], "minLength");
  assertEquals(byPlace[""], "type");
  for (const v of all) assert(generator.check(ORDER, v.value, "request").length > 0);
  assertEquals(invalidValues(generator, ORDER, { mode: "request", limit: 2 }).length, 2);
});

Deno.test("invalidValue: a schema that accepts anything gives nothing", () => {
  assertEquals(invalidValue(new ExampleGenerator(), {}, { mode: "request", seed: 3 }), undefined);
});

Deno.test("edges: bounds, the longest and tricky strings, all valid", () => {
  const generator = new ExampleGenerator();
  const limit = { type: "integer", minimum: 1, maximum: 100 };
  const numbers = generator.edges(limit, "request", 6);
  assert(numbers.includes(1) && numbers.includes(100), JSON.stringify(numbers));
  const name = { type: "string", minLength: 1, maxLength: 256 };
  const strings = generator.edges(name, "request", 6) as string[];
  assert(strings.some((s) => [...s].length === 256), "the longest");
  assert(strings.some((s) => [...s].some((c) => c.codePointAt(0)! > 0xff)), "past latin1");
  for (const value of [...numbers, ...strings]) {
    assertEquals(generator.check(typeof value === "number" ? limit : name, value, "request"), []);
  }
});
