import { assertEquals } from "@std/assert";
import { percentDecoded, percentEncoded } from "./percent.ts";

Deno.test("percentDecoded() decodes what decodes and keeps stray % signs as written", () => {
  assertEquals(percentDecoded("caf%C3%A9"), "café");
  assertEquals(percentDecoded("a%"), "a%");
  assertEquals(percentDecoded("100%25%"), "100%25%");
  assertEquals(percentDecoded("a+b%20c", { plus: true }), "a b c");
  assertEquals(percentDecoded("/a%2Fb/%C3%A9", { uri: true }), "/a%2Fb/é");
  assertEquals(percentDecoded("/%", { uri: true }), "/%");
});

Deno.test("percentEncoded() takes half a surrogate pair as U+FFFD instead of throwing", () => {
  assertEquals(percentEncoded("a b/é"), "a%20b%2F%C3%A9");
  assertEquals(percentEncoded("\uD83D"), "%EF%BF%BD");
  assertEquals(percentEncoded("\u{1F600}"), "%F0%9F%98%80");
});
