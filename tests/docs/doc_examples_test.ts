/**
 * The documented conventions of tests/helpers/doc_examples.ts, which every
 * page's test relies on: an info string's path makes a block a file, `ignore`
 * leaves a block out, `apispec` lines lose their comments and join their `\`
 * continuations, and example hosts map to the test's servers.
 */
import { assertEquals } from "@std/assert";
import { commandLines, docPage, fencedBlocks, mapHosts, words } from "../helpers/doc_examples.ts";

const PAGE = [
  "# Page",
  "",
  "````markdown api-docs/apis/a.md",
  "```http",
  "GET {{baseUrl}}/a",
  "```",
  "````",
  "",
  "```sh ignore",
  "apispec exec api-docs/apis/b.md   # needs a real cloud API",
  "```",
  "",
  "```sh",
  "apispec exec api-docs/apis/a.md --var 'name=two words'   # a comment",
  "apispec fuzz --seed 1 \\",
  "  --report junit=out.xml",
  "curl https://api.example.com/a",
  "```",
].join("\n");

Deno.test("info strings, ignore, comments, continuations and example hosts", () => {
  const blocks = fencedBlocks(PAGE);
  assertEquals(
    blocks.map((b) => [b.language, b.file, b.ignore, b.line]),
    [["markdown", "api-docs/apis/a.md", false, 3], ["sh", undefined, true, 9], [
      "sh",
      undefined,
      false,
      13,
    ]],
  );
  assertEquals(blocks[0].text, "```http\nGET {{baseUrl}}/a\n```\n");
  assertEquals(commandLines(blocks[2].text).map((c) => [c.line, c.offset]), [
    ["apispec exec api-docs/apis/a.md --var 'name=two words'", 0],
    ["apispec fuzz --seed 1   --report junit=out.xml", 1],
  ]);
  assertEquals(words("apispec exec a.md --var 'name=two words'"), [
    "apispec",
    "exec",
    "a.md",
    "--var",
    "name=two words",
  ]);
  assertEquals(
    mapHosts("GET https://api.example.com/a", { "https://api.example.com": "http://127.0.0.1:9" }),
    "GET http://127.0.0.1:9/a",
  );
  // An ignored block gives no command; a named one is a file.
  const page = docPage("page.md", PAGE);
  assertEquals(Object.keys(page.files), ["api-docs/apis/a.md"]);
  assertEquals(page.commands.map((c) => [c.args[0], c.where]), [["exec", "page.md:14"], [
    "fuzz",
    "page.md:15",
  ]]);
});
