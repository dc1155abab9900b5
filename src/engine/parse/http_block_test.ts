import { assertEquals, assertMatch } from "@std/assert";
import { parseRequestBlock, parseResponseBlock } from "./http_block.ts";

Deno.test("parseRequestBlock() reads the request line, headers and body with lines", () => {
  const text =
    'POST {{baseUrl}}/users HTTP/1.1\nContent-Type: application/json\n# a comment\nX-Trace:  abc \n\n{"a": 1}\n\nsecond paragraph\n';
  const { block, issues } = parseRequestBlock(text, "a.md", 10);
  assertEquals(issues, []);
  assertEquals(block, {
    method: "POST",
    target: "{{baseUrl}}/users",
    headers: [{ name: "Content-Type", value: "application/json", line: 11 }, {
      name: "X-Trace",
      value: "abc",
      line: 13,
    }],
    body: '{"a": 1}\n\nsecond paragraph',
    line: 10,
  });
});

Deno.test("parseRequestBlock() reports bad lines with their line number", () => {
  const cases: [string, RegExp, number][] = [
    ["", /Request block is empty/, 5],
    ["GET", /Cannot parse request line/, 5],
    ["FETCH /x", /Unknown HTTP method "FETCH"/, 5],
    ["GET users", /Cannot use request target/, 5],
    ["GET /x\nnot a header", /Cannot parse header line/, 6],
  ];
  for (const [text, message, line] of cases) {
    const [issue] = parseRequestBlock(text, "a.md", 5).issues;
    assertMatch(issue.message, message, text);
    assertEquals(issue.line, line, text);
  }
});

Deno.test("parseResponseBlock() reads status lines with and without the HTTP version", () => {
  for (const start of ["HTTP/1.1 201 Created", "HTTP/2 201", "201 Created"]) {
    const { block } = parseResponseBlock(`${start}\nLocation: /x\n\nbody`, "a.md", 1);
    assertEquals([block!.status, block!.headers[0].value, block!.body], [201, "/x", "body"]);
  }
  assertMatch(parseResponseBlock("OK", "a.md", 1).issues[0].message, /Cannot parse status line/);
  assertMatch(
    parseResponseBlock("HTTP/1.1 999 Odd", "a.md", 1).issues[0].message,
    /not an HTTP status code/,
  );
});
