import { assertEquals } from "@std/assert";
import { formatBytes, parseByteSize } from "./bytes.ts";

Deno.test("parseByteSize() reads binary and decimal units, bare bytes, and refuses the rest", () => {
  assertEquals(parseByteSize("256MiB"), 256 * 1024 * 1024);
  assertEquals(parseByteSize("64k"), 64 * 1024);
  assertEquals(parseByteSize("1.5 GB"), 1_500_000_000);
  assertEquals(parseByteSize("4096"), 4096);
  assertEquals(parseByteSize("10 B"), 10);
  for (const bad of ["", "MiB", "-1MiB", "1 PB", "lots", "1e9", "9".repeat(30)]) {
    assertEquals(parseByteSize(bad), undefined, bad);
  }
});

Deno.test("formatBytes() shows bytes, then binary units with one decimal when it matters", () => {
  assertEquals(formatBytes(0), "0 B");
  assertEquals(formatBytes(1023), "1023 B");
  assertEquals(formatBytes(64 * 1024), "64 KiB");
  assertEquals(formatBytes(5_452_595), "5.2 MiB");
  assertEquals(formatBytes(256 * 1024 * 1024), "256 MiB");
  assertEquals(formatBytes(300.4 * 1024 * 1024), "300 MiB");
});
