// A stand-in for k6's `k6/encoding`.
export function b64encode(text) {
  return btoa(text);
}
export default { b64encode };
