import { assertEquals } from "@std/assert";
import { parseResponseBlock } from "../parse/http_block.ts";
import { statusMatches, statusText } from "./status.ts";

Deno.test("a status line with alternatives or a range keeps the first concrete status and matches any", () => {
  const cases: [string, number, string, number[], number[]][] = [
    ["HTTP/1.1 200 OK", 200, "200", [200], [201]],
    ["HTTP/1.1 200|201 OK", 200, "200|201", [200, 201], [202, 204]],
    ["HTTP/1.1 2XX", 200, "2XX", [200, 204, 299], [199, 300, 404]],
    ["HTTP/1.1 201|4xx", 201, "201|4XX", [201, 400, 422], [200, 500]],
  ];
  for (const [line, status, text, pass, fail] of cases) {
    const { block, issues } = parseResponseBlock(line, "f.md", 1);
    assertEquals(issues, [], line);
    assertEquals(block!.status, status, line);
    assertEquals(statusText(block!), text, line);
    for (const code of pass) assertEquals(statusMatches(block!, code), true, `${line} ${code}`);
    for (const code of fail) assertEquals(statusMatches(block!, code), false, `${line} ${code}`);
  }
  for (const bad of ["HTTP/1.1 200|", "HTTP/1.1 2X", "HTTP/1.1 6XX", "HTTP/1.1 200||201"]) {
    assertEquals(parseResponseBlock(bad, "f.md", 1).block, undefined, bad);
  }
});
