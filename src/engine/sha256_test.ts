import { assertEquals } from "@std/assert";
import { sha256Hex } from "./sha256.ts";
import { seeded } from "../../tests/helpers/secret_samples.ts";

async function webCrypto(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

Deno.test("sha256Hex() gives FIPS 180-4's test vectors", () => {
  assertEquals(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  assertEquals(
    sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
  );
});

Deno.test("sha256Hex() agrees with WebCrypto on every length around a block, and on Unicode", async () => {
  const random = seeded(7);
  for (let length = 0; length < 300; length++) {
    let text = "";
    for (let i = 0; i < length; i++) text += String.fromCharCode(32 + Math.floor(random() * 95));
    assertEquals(sha256Hex(text), await webCrypto(text), `length ${length}`);
  }
  for (const text of ["héllo wörld", "日本語のテキスト", "emoji 🚀 and \u2028 and \0"]) {
    assertEquals(sha256Hex(text), await webCrypto(text));
  }
  const large = "x".repeat(1_000_003);
  assertEquals(sha256Hex(large), await webCrypto(large));
});
