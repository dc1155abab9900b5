// Runs every scenario of a generated k6 script (once, or as many times as the
// third argument says, as k6's iterations), with the given environment as
// k6's `__ENV` and k6's init-context `open()` reading files relative to the
// script, and prints what was sent, checked, grouped and slept as JSON.
const scriptUrl = new URL(Deno.args[0], `file://${Deno.cwd()}/`);
globalThis.__ENV = JSON.parse(Deno.args[1] ?? "{}");
globalThis.open = (path) => Deno.readTextFileSync(new URL(path, scriptUrl));
const iterations = Number(Deno.args[2] ?? 1);
const script = await import(scriptUrl.href);
for (const scenario of Object.values(script.options.scenarios)) {
  for (let i = 0; i < iterations; i++) {
    if (globalThis.__k6Exec) globalThis.__k6Exec.scenario.iterationInTest = i;
    script[scenario.exec]();
  }
}
console.log(JSON.stringify({
  requests: globalThis.__k6Requests,
  checks: globalThis.__k6Checks,
  groups: globalThis.__k6Groups,
  sleeps: globalThis.__k6Sleeps,
  // Set only by code a test smuggled into the script (tests/helpers/hostile_strings.ts).
  pwned: globalThis.__apispecPwned ?? null,
}));
