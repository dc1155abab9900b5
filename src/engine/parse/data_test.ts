import { assertEquals } from "@std/assert";
import { parseDataFile } from "./data.ts";

Deno.test("parseDataFile() reads CSV, JSON and JSON Lines rows", () => {
  const cases: [string, string, Record<string, unknown>[]][] = [
    ["d.csv", 'name,email\nAda,a@x\n"Hopper, Grace",g@x\n', [
      { name: "Ada", email: "a@x" },
      { name: "Hopper, Grace", email: "g@x" },
    ]],
    ["d.csv", "\uFEFFid\r\n1\r\n\r\n2\r\n", [{ id: "1" }, { id: "2" }]],
    ["d.json", '[{"id": 1, "tags": ["a"]}, {"id": 2}]', [{ id: 1, tags: ["a"] }, { id: 2 }]],
    ["d.jsonl", '{"id": 1}\n\n{"id": 2}\n', [{ id: 1 }, { id: 2 }]],
    ["d.ndjson", '{"id": 1}', [{ id: 1 }]],
  ];
  for (const [file, text, rows] of cases) {
    const parsed = parseDataFile(text, file);
    assertEquals(parsed.issues, [], file);
    assertEquals(parsed.rows, rows, file);
  }
});

Deno.test("parseDataFile() names the line of each mistake, with a fix", () => {
  const cases: [string, string, string, number | undefined][] = [
    ["d.csv", "a,b\n1,2\n3,4,5\n", "expected 2 fields but got 3", 3],
    ["d.csv", 'a,b\n1,"2\n', 'extraneous or missing " in quoted-field', 2],
    ["d.csv", "a,a\n1,2\n", 'column "a" appears twice', 1],
    ["d.csv", "a,,b\n1,2,3\n", "empty column name", 1],
    ["d.csv", "a,b\n", "it has no rows", undefined],
    ["d.json", '{"id": 1}', "it must be an array of objects", 1],
    ["d.json", '[\n  {"id": 1},\n  2\n]', "element 2 is not an object", 3],
    ["d.json", '[\n  {"id": 1},\n  {"id": }\n]', "value expected", 3],
    ["d.jsonl", '{"id": 1}\n[1]\n', "each line must be a JSON object", 2],
    ["d.jsonl", '{"id": 1}\n{"id": \n', "value expected", 2],
    ["d.txt", "a\n1\n", "unknown format", undefined],
  ];
  for (const [file, text, message, line] of cases) {
    const { rows, issues } = parseDataFile(text, file);
    assertEquals(rows, [], message);
    assertEquals(issues.length, 1, message);
    assertEquals(issues[0].message.includes(message), true, issues[0].message);
    assertEquals([issues[0].file, issues[0].line], [file, line], message);
    assertEquals(typeof issues[0].fix, "string");
  }
});

Deno.test("parseDataFile() reads RFC 4180 CSV: quotes, commas and line breaks in fields, CRLF, BOM", () => {
  const text = '\uFEFFname,note\r\nAda,"a, b"\r\n\r\nGrace,"two\nlines"\r\nLin,"say ""hi"""\r\n';
  assertEquals(parseDataFile(text, "d.csv"), {
    rows: [
      { name: "Ada", note: "a, b" },
      { name: "Grace", note: "two\nlines" },
      { name: "Lin", note: 'say "hi"' },
    ],
    issues: [],
  });
});

Deno.test("parseDataFile() flags a column that cannot be a variable name", () => {
  const { rows, issues } = parseDataFile("first name,id\nAda,1\n", "d.csv");
  assertEquals(rows.length, 1);
  assertEquals(issues.map((i) => i.message), ['Data column "first name" is not a variable name']);
});
