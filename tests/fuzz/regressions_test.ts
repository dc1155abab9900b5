/**
 * Every crash the fuzzers found, kept as a case of the parser it broke
 * (targets.ts): each must now answer its documented errors.
 */
import { assert } from "@std/assert";
import { TARGETS } from "./targets.ts";

const FOUND: [target: string, input: string, what: string][] = [
  // YAML whose alias sits inside its own anchor: js-yaml loads a cycle, and counting its
  // expansion ran out of memory (4 GB); now "aliases expand to more than 100,000 nodes".
  ["Insomnia text", "&a [*a, *a, *a]", "cyclic YAML alias"],
  ["OpenAPI text", "paths: &a {x: *a}", "cyclic YAML alias in a map"],
  ["Postman text", "- &a [*a]", "cyclic YAML alias in a list"],
  // An Arazzo step parameter without `value` (a document cut short): a TypeError.
  [
    "Arazzo",
    'arazzo: 1.0.1\ninfo: {title: t, version: "1"}\n' +
    "sourceDescriptions: [{name: p, url: ./o.yaml, type: openapi}]\n" +
    "workflows:\n  - workflowId: w\n    steps:\n      - stepId: s\n" +
    "        operationId: findPetsByTags\n        parameters:\n          - name: tags\n" +
    "            in: query\n",
    "parameter without value",
  ],
  // A stray `%` in a cURL command's URL, and in a form body's field name: a URIError.
  ["curl", "curl -X POST % 'http://localhost:1/x'", "stray % in the URL"],
  ["curl", "curl -X POST -d 'a%=1' 'http://localhost:1/x'", "stray % in a form field name"],
  // Found by the long run (seed 7, 20,000 cases each).
  // `-T` took the next flag as its file, and a URL that is none threw in `new URL`.
  ["curl", "curl -T --header 'Content-Type: x'", "upload flag without a file"],
  // A request target starting with `?` or `#`: a TypeError in every client importer.
  ["http file", "GET ?? body\n", "target starting with ?"],
  [
    "Postman",
    JSON.stringify({
      info: { name: "x", schema: "https://schema.getpostman.com/json/collection/v2.1.0/" },
      item: [{ name: "r", request: { method: "GET", url: "?x" } }],
    }),
    "URL starting with ?",
  ],
  [
    "Insomnia",
    JSON.stringify({
      _type: "export",
      __export_format: 4,
      resources: [
        { _id: "req_1", _type: "request", parentId: "wrk_1", name: "r", method: "GET", url: "#x" },
        { _id: "wrk_1", _type: "workspace", name: "w" },
      ],
    }),
    "URL starting with #",
  ],
  // A path with a character outside the BMP (an emoji), or half of one: a URIError.
  ["OpenAPI", openapi("/caf\u00e9/\u{1F600}"), "emoji in a path"],
  ["OpenAPI", openapi("/a\uD83D"), "lone surrogate in a path"],
  // Found by the long run (seed 7, with the shared hostile strings): half a surrogate pair in a
  // form field's default value; every percent-encoder now takes such text (U+FFFD).
  [
    "OpenAPI",
    JSON.stringify({
      openapi: "3.0.0",
      info: { title: "t", version: "1" },
      paths: {
        "/search": {
          post: {
            requestBody: {
              content: {
                "application/x-www-form-urlencoded": {
                  schema: {
                    type: "object",
                    properties: { q: { type: "string", default: "a\uD800b" } },
                  },
                },
              },
            },
            responses: { "200": { description: "ok" } },
          },
        },
      },
    }),
    "lone surrogate in a form value",
  ],
  // Found once main's schema-to-example generator arrived: `allOf` merging `properties` into a
  // `properties` that is no object (a hostile string) threw a TypeError.
  [
    "OpenAPI",
    JSON.stringify({
      openapi: "3.0.0",
      info: { title: "t", version: "1" },
      paths: {
        "/pets": {
          get: {
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: {
                      allOf: [
                        { properties: "Evil */ x /*" },
                        { properties: { id: { type: "integer" } } },
                      ],
                    },
                  },
                },
              },
            },
          },
        },
      },
    }),
    "allOf over a properties that is no object",
  ],
  // Found by the long run (seed 99): a header name of 100,000 capitals took a minute, splitting
  // the name into words backtracked over the whole run at every capital.
  [
    "Postman",
    JSON.stringify({
      info: { name: "x", schema: "https://schema.getpostman.com/json/collection/v2.1.0/" },
      item: [{
        name: "r",
        request: {
          method: "GET",
          url: "https://a.test/x",
          header: [{ key: "A".repeat(100_000), value: "1" }],
        },
      }],
    }),
    "a header name of 100,000 capitals",
  ],
  // Found while probing the scanner after that: a form string of 25,000 pairs was read again
  // from each pair to the line's end (8 s); its pairs are now judged in one pass.
  ["secret scanner", "a=1&".repeat(25_000) + "password=hunter22", "a form string of 25,000 pairs"],
];

function openapi(path: string): string {
  return JSON.stringify({
    openapi: "3.0.0",
    info: { title: "t", version: "1" },
    paths: { [path]: { get: { responses: { "200": { description: "ok" } } } } },
  });
}

for (const [name, input, what] of FOUND) {
  Deno.test(`fuzz case kept: ${name}, ${what}`, async () => {
    const target = TARGETS.find((t) => t.name === name);
    assert(target, `no fuzz target ${name}`);
    const started = performance.now();
    const answer = await target.run(input);
    const ms = performance.now() - started;
    assert(answer.problems.every((p) => typeof p.message === "string"));
    // The property test's bound: seconds mean a blow-up.
    assert(ms < 2000, `took ${ms.toFixed(0)} ms`);
  });
}
