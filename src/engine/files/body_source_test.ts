import { assertEquals } from "@std/assert";
import { bodyFileOf, parseFormParts, withBodySources } from "./body_source.ts";
import { compareBytes } from "./compare_bytes.ts";

Deno.test("bodyFileOf() reads one `< path` line and nothing else", () => {
  assertEquals(bodyFileOf("< ./files/a b.png", 4), { path: "./files/a b.png", line: 4 });
  assertEquals(bodyFileOf("<xml/>", 4), undefined);
  assertEquals(bodyFileOf("< ./a.png\nmore", 4), undefined);
  assertEquals(bodyFileOf('{"a": 1}', 4), undefined);
});

Deno.test("parseFormParts() reads curl's form syntax with lines, and names bad lines", () => {
  const { parts, issues } = parseFormParts(
    "# a comment\nname=Ada = L\n\nfile=@./x.bin;type=application/pdf;filename=cv.pdf\nempty=",
    "a.md",
    10,
  );
  assertEquals(parts, [
    { name: "name", value: "Ada = L", line: 11 },
    { name: "file", file: "./x.bin", type: "application/pdf", filename: "cv.pdf", line: 13 },
    { name: "empty", value: "", line: 14 },
  ]);
  assertEquals(issues, []);
  const bad = parseFormParts("=x\nf=@\nf=@./a;size=3", "a.md", 1).issues;
  assertEquals(bad.map((i) => i.line), [1, 2, 3]);
});

Deno.test("withBodySources() finds the body's line after the headers", () => {
  const request = {
    line: 5,
    headers: [{ name: "Content-Type", value: "multipart/form-data", line: 6 }],
    body: "a=1",
  };
  const out = withBodySources(request, undefined, "a.md");
  assertEquals(out.request?.form, [{ name: "a", value: "1", line: 8 }]);
  const expected = { line: 20, headers: [], body: "< ./e.png" };
  assertEquals(withBodySources(undefined, expected, "a.md").expected?.bodyFile, {
    path: "./e.png",
    line: 22,
  });
});

Deno.test("compareBytes() names the first differing byte or the length", () => {
  assertEquals(compareBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2]), "f"), []);
  assertEquals(compareBytes(new Uint8Array([1, 2]), new Uint8Array([1]), "f"), [
    "body: differs from f in length (expected 2 bytes, got 1)",
  ]);
});
