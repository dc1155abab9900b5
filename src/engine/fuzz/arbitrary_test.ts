import { assert, assertEquals } from "@std/assert";
import fc from "fast-check";
import { coverageNegatives, negativeCases } from "./arbitrary.ts";
import { fuzzValues } from "./values.ts";
import type { FuzzOperation } from "./model.ts";

const search = (mediaType: string): FuzzOperation => ({
  method: "POST",
  path: "/records",
  parameters: [],
  body: {
    mediaType,
    required: true,
    schema: {
      type: "object",
      required: ["criteria"],
      properties: { criteria: { type: "string" }, start: { type: "integer" } },
    },
  },
  responses: [{ code: "200", mediaTypes: ["application/json"], links: [] }],
});

Deno.test("a form body's negative cases are invalid as they arrive: no number for a string field", () => {
  const broken = coverageNegatives(
    search("application/x-www-form-urlencoded"),
    fuzzValues(() => undefined),
    50,
  )
    .map((c) => `${c.mutation.pointer} ${c.mutation.keyword}`);
  // `criteria=12345` is a string on the wire; `start=text` is no integer.
  assertEquals(broken.includes("/criteria type"), false, broken.join(", "));
  assert(broken.includes("/start type"), broken.join(", "));
  // In JSON the same change is a real one.
  const json = coverageNegatives(search("application/json"), fuzzValues(() => undefined), 50)
    .map((c) => `${c.mutation.pointer} ${c.mutation.keyword}`);
  assert(json.includes("/criteria type"), json.join(", "));
});

Deno.test("an optional body is not broken as JSON null (many servers read it as no body); a required one is", () => {
  const nulls = (required: boolean) => {
    const op: FuzzOperation = {
      ...search("application/json"),
      body: { mediaType: "application/json", required, schema: { type: "boolean" } },
    };
    return fc.sample(negativeCases(op, fuzzValues(() => undefined))!, { numRuns: 200, seed: 1 })
      .filter((c) => c.case.body?.value === null).length;
  };
  assertEquals(nulls(false), 0);
  assert(nulls(true) > 0);
});

Deno.test("an empty list in a form is no field: not a broken required field's type", () => {
  const op = search("application/x-www-form-urlencoded");
  const emptied = coverageNegatives(op, fuzzValues(() => undefined), 50)
    .filter((c) => Array.isArray((c.case.body?.value as Record<string, unknown>)?.start));
  for (const c of emptied) {
    assert((c.case.body!.value as { start: unknown[] }).start.length > 0, JSON.stringify(c));
  }
});
