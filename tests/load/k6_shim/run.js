// Runs every scenario of a generated k6 script once, with the given environment
// as k6's `__ENV`, and prints what was sent and checked as JSON.
globalThis.__ENV = JSON.parse(Deno.args[1] ?? "{}");
const script = await import(new URL(Deno.args[0], `file://${Deno.cwd()}/`).href);
for (const scenario of Object.values(script.options.scenarios)) script[scenario.exec]();
console.log(JSON.stringify({ requests: globalThis.__k6Requests, checks: globalThis.__k6Checks }));
