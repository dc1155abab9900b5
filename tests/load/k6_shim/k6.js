// A stand-in for k6's `k6` module: `check` records each named result.
globalThis.__k6Checks = [];
export function check(value, checks) {
  let all = true;
  for (const [name, test] of Object.entries(checks)) {
    const passed = Boolean(test(value));
    globalThis.__k6Checks.push({ name, passed });
    all &&= passed;
  }
  return all;
}
export function group(_name, fn) {
  return fn();
}
export default { check, group };
