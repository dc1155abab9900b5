/** Byte-for-byte comparison of a body with an expected file (`< ./files/expected.png`). */

/**
 * The differences between an expected file's bytes and a body's: none when
 * equal, else one line naming the sizes and the first byte that differs.
 *
 * @example
 * ```ts
 * import { compareBytes } from "./compare_bytes.ts";
 * compareBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 9, 3]), "./a.bin");
 * // ["body: differs from ./a.bin at byte 1 (expected 0x02, got 0x09); both 3 bytes"]
 * ```
 */
export function compareBytes(expected: Uint8Array, actual: Uint8Array, file: string): string[] {
  const shorter = Math.min(expected.byteLength, actual.byteLength);
  let at = 0;
  while (at < shorter && expected[at] === actual[at]) at++;
  if (at === shorter && expected.byteLength === actual.byteLength) return [];
  const sizes = expected.byteLength === actual.byteLength
    ? `both ${expected.byteLength} bytes`
    : `expected ${expected.byteLength} bytes, got ${actual.byteLength}`;
  if (at === shorter) return [`body: differs from ${file} in length (${sizes})`];
  return [
    `body: differs from ${file} at byte ${at} (expected ${hex(expected[at])}, got ${
      hex(actual[at])
    }); ${sizes}`,
  ];
}

function hex(byte: number): string {
  return `0x${byte.toString(16).padStart(2, "0")}`;
}

/** Size and type of a binary body, as messages name it. */
export function describeBinary(binary: { bytes: number; type: string }): string {
  return `a binary body (${binary.bytes} bytes${binary.type ? `, ${binary.type}` : ""})`;
}
