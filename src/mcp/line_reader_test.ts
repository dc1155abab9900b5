import { assertEquals } from "@std/assert";
import { idFromEdges, LineReader } from "./line_reader.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("LineReader splits lines across chunks and skips a line over the cap", () => {
  const reader = new LineReader(16);
  assertEquals(reader.push(bytes('{"a"')), []);
  assertEquals(reader.push(bytes(':1}\n{"b":2}\r\n')), [
    { kind: "line", text: '{"a":1}' },
    { kind: "line", text: '{"b":2}' },
  ]);
  const [big] = reader.push(bytes(`{"x":"${"y".repeat(40)}","id":7}\n`));
  assertEquals(big.kind, "oversize");
  if (big.kind === "oversize") assertEquals(idFromEdges(big.head, big.tail), 7);
  assertEquals(reader.push(bytes('{"c":3}\n')), [{ kind: "line", text: '{"c":3}' }]);
});

Deno.test("idFromEdges() finds the id at either end, or null", () => {
  assertEquals(idFromEdges('{"jsonrpc":"2.0","id":"q-1","method":"x"', ""), "q-1");
  assertEquals(idFromEdges("", '"jsonrpc":"2.0","id":42}'), 42);
  assertEquals(idFromEdges('{"method":"notifications/x"', '"x"}}'), null);
});
