import { assertEquals, assertNotEquals } from "@std/assert";
import { textHash } from "./text_hash.ts";

Deno.test("textHash is stable for a text and differs for a one-character change", () => {
  const text = "---\nmethod: GET\npath: /users/1\n---\n";
  assertEquals(textHash(text), textHash(`${text}`));
  const variants = new Set([text, text.replace("1", "2"), text.replace("GET", "PUT"), `${text} `]);
  assertEquals(new Set([...variants].map(textHash)).size, variants.size);
  assertNotEquals(textHash("ab"), textHash("ba"));
});

Deno.test("textHash tells 100,000 distinct short texts apart", () => {
  const hashes = new Set<string>();
  for (let n = 0; n < 100_000; n++) hashes.add(textHash(`/users/${n}/:id`));
  assertEquals(hashes.size, 100_000);
});
