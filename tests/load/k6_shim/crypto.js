// A stand-in for k6's `k6/crypto`: `randomBytes(n)` returns an ArrayBuffer of n random bytes.
export function randomBytes(size) {
  return crypto.getRandomValues(new Uint8Array(size)).buffer;
}
export default { randomBytes };
