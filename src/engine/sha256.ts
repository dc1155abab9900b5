/**
 * SHA-256 (FIPS 180-4) of a text's UTF-8 bytes, synchronously. WebCrypto's
 * `digest` is asynchronous and costs 10-30 µs a call, which on 10,000 small
 * files is most of what `validate` spends; `node:crypto` would load Deno's
 * Node layer on a path that must not. This is the standard algorithm, checked
 * against WebCrypto in sha256_test.ts.
 */

// Int32 throughout: V8 keeps the round arithmetic in small integers (Uint32 values spill to doubles).
const K = new Int32Array([
  0x428a2f98,
  0x71374491,
  0xb5c0fbcf,
  0xe9b5dba5,
  0x3956c25b,
  0x59f111f1,
  0x923f82a4,
  0xab1c5ed5,
  0xd807aa98,
  0x12835b01,
  0x243185be,
  0x550c7dc3,
  0x72be5d74,
  0x80deb1fe,
  0x9bdc06a7,
  0xc19bf174,
  0xe49b69c1,
  0xefbe4786,
  0x0fc19dc6,
  0x240ca1cc,
  0x2de92c6f,
  0x4a7484aa,
  0x5cb0a9dc,
  0x76f988da,
  0x983e5152,
  0xa831c66d,
  0xb00327c8,
  0xbf597fc7,
  0xc6e00bf3,
  0xd5a79147,
  0x06ca6351,
  0x14292967,
  0x27b70a85,
  0x2e1b2138,
  0x4d2c6dfc,
  0x53380d13,
  0x650a7354,
  0x766a0abb,
  0x81c2c92e,
  0x92722c85,
  0xa2bfe8a1,
  0xa81a664b,
  0xc24b8b70,
  0xc76c51a3,
  0xd192e819,
  0xd6990624,
  0xf40e3585,
  0x106aa070,
  0x19a4c116,
  0x1e376c08,
  0x2748774c,
  0x34b0bcb5,
  0x391c0cb3,
  0x4ed8aa4a,
  0x5b9cca4f,
  0x682e6ff3,
  0x748f82ee,
  0x78a5636f,
  0x84c87814,
  0x8cc70208,
  0x90befffa,
  0xa4506ceb,
  0xbef9a3f7,
  0xc67178f2,
]);

const encoder = new TextEncoder();
const words = new Int32Array(64);
/** Reused between calls: a fresh buffer per file cost a third of the time on small files. */
let buffer = new Uint8Array(4096);

/**
 * @example
 * ```ts
 * import { sha256Hex } from "./sha256.ts";
 * sha256Hex("abc"); // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
 * ```
 */
export function sha256Hex(text: string): string {
  // UTF-8 takes at most 3 bytes per UTF-16 unit; padding adds at most 72.
  const room = text.length * 3 + 72;
  if (buffer.length < room) buffer = new Uint8Array(Math.max(room, buffer.length * 2));
  const length = encoder.encodeInto(text, buffer).written;
  // The message, a 1 bit, zeros, and its length in bits as 64 bits: a whole number of blocks.
  const end = Math.ceil((length + 9) / 64) * 64;
  const padded = buffer;
  padded.fill(0, length, end);
  padded[length] = 0x80;
  const high = Math.floor(length / 0x20000000);
  const low = (length << 3) >>> 0;
  for (let i = 0; i < 4; i++) {
    padded[end - 8 + i] = high >>> (24 - i * 8);
    padded[end - 4 + i] = low >>> (24 - i * 8);
  }
  let h0 = 0x6a09e667, h1 = 0xbb67ae85, h2 = 0x3c6ef372, h3 = 0xa54ff53a;
  let h4 = 0x510e527f, h5 = 0x9b05688c, h6 = 0x1f83d9ab, h7 = 0x5be0cd19;
  for (let block = 0; block < end; block += 64) {
    for (let i = 0, at = block; i < 16; i++, at += 4) {
      words[i] = (padded[at] << 24) | (padded[at + 1] << 16) | (padded[at + 2] << 8) |
        padded[at + 3];
    }
    for (let i = 16; i < 64; i++) {
      const w15 = words[i - 15];
      const w2 = words[i - 2];
      const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
      const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
      words[i] = (words[i - 16] + s0 + words[i - 7] + s1) | 0;
    }
    let a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7;
    for (let i = 0; i < 64; i++) {
      const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const choice = (e & f) ^ (~e & g);
      const t1 = (h + s1 + choice + K[i] + words[i]) | 0;
      const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const majority = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (s0 + majority) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  return [h0, h1, h2, h3, h4, h5, h6, h7].map((x) => (x >>> 0).toString(16).padStart(8, "0"))
    .join("");
}
