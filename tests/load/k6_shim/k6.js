// A stand-in for k6's `k6` module: `check` records each named result, `group`
// runs its function (recording the group), `sleep` records the pause without
// waiting, so a test run stays fast.
globalThis.__k6Checks = [];
globalThis.__k6Sleeps = [];
globalThis.__k6Groups = [];
export function check(value, checks) {
  let all = true;
  for (const [name, test] of Object.entries(checks)) {
    const passed = Boolean(test(value));
    globalThis.__k6Checks.push({ name, passed });
    all &&= passed;
  }
  return all;
}
export function group(name, fn) {
  globalThis.__k6Groups.push(name);
  return fn();
}
export function sleep(seconds) {
  globalThis.__k6Sleeps.push(seconds);
}
export default { check, group, sleep };
