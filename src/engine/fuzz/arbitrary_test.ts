import { assert, assertEquals } from "@std/assert";
import { coverageNegatives } from "./arbitrary.ts";
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
