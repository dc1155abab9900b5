import { assertEquals } from "@std/assert";
import { percentDecoded } from "./percent.ts";

Deno.test("percentDecoded() decodes what decodes and keeps stray % signs as written", () => {
  assertEquals(percentDecoded("caf%C3%A9"), "café");
  assertEquals(percentDecoded("a%"), "a%");
  assertEquals(percentDecoded("100%25%"), "100%25%");
  assertEquals(percentDecoded("a+b%20c", { plus: true }), "a b c");
  assertEquals(percentDecoded("/a%2Fb/%C3%A9", { uri: true }), "/a%2Fb/é");
  assertEquals(percentDecoded("/%", { uri: true }), "/%");
});
