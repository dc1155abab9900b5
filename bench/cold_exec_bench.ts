/**
 * Cold `apispec exec` of one demo spec against its floor: a bare Deno script
 * that sends the same request and checks the same response (status, content
 * type, body shape, the spec's five assertions). Both run as fresh processes,
 * as CI and agents run them, against the same loopback API, in interleaved
 * rounds; medians. Target: ≤ 1.5x the floor.
 *
 * Context rows: an empty `deno run`, `apispec version`, `exec` of the same
 * spec without its `matches` rule (a simple pattern runs on JavaScript's
 * RegExp; RE2 would load only for one outside that subset), and `exec` of the
 * demo's schema-mode spec (ajv loads and compiles its schema), and the same
 * with a `pattern` in the linear subset (RegExp) and one outside it (RE2 loads).
 *
 * `--binary <path>` runs a compiled apispec instead of `deno run main.ts`; the
 * floor is then the bare script compiled the same way (`deno compile`, which
 * honours DENORT_BIN). `--runs <n>` sets the rounds (default 15).
 */
import { join } from "node:path";
import { startDemoApi } from "../src/demo/api.ts";
import { V8_FLAGS_ARG } from "../scripts/release/v8_flags.ts";
import { writeDemoCollection } from "../src/demo/collection.ts";
import {
  apispecProgram,
  floorProgram,
  interleave,
  loadNote,
  meanCpu,
  median,
  option,
  type ProcessRun,
  timeProcess,
  verdict,
} from "./_measure.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const RUNS = Number(option(Deno.args, "runs") ?? 15);
const BINARY = option(Deno.args, "binary");
const SPEC = "api-docs/apis/users/get-user-by-id.md";
const SPEC_WITHOUT_MATCHES = "api-docs/apis/users/get-user-plain.md";
const SCHEMA_SPEC = "api-docs/apis/users/get-list-users.md";
const SCHEMA_LINEAR = "api-docs/apis/users/get-list-users-linear.md";
const SCHEMA_RE2 = "api-docs/apis/users/get-list-users-re2.md";

const api = startDemoApi();
const dir = await Deno.makeTempDir({ prefix: "apispec-cold-bench-" });
await writeDemoCollection(dir, api.url);
const specText = await Deno.readTextFile(join(dir, SPEC));
await Deno.writeTextFile(
  join(dir, SPEC_WITHOUT_MATCHES),
  specText.split("\n").filter((line) => !line.includes(": matches ")).join("\n"),
);
const schemaText = await Deno.readTextFile(join(dir, SCHEMA_SPEC));
const withPattern = (pattern: string) =>
  schemaText.replace(
    '"name": { "type": "string" }',
    `"name": { "type": "string", "pattern": "${pattern}" }`,
  );
await Deno.writeTextFile(join(dir, SCHEMA_LINEAR), withPattern("^[A-Z][A-Za-z ]+$"));
await Deno.writeTextFile(join(dir, SCHEMA_RE2), withPattern("^([A-Z][a-z]+ ?)+$"));
const bare = join(dir, "bare.ts");
await Deno.writeTextFile(join(dir, "empty.ts"), "");
// What `exec` checks for this spec, written by hand.
await Deno.writeTextFile(
  bare,
  `const response = await fetch(${JSON.stringify(`${api.url}/users/1`)}, {
  headers: { accept: "application/json" },
});
const body = JSON.parse(await response.text());
const ok = response.status === 200 &&
  (response.headers.get("content-type") ?? "").startsWith("application/json") &&
  typeof body.id === "number" && typeof body.name === "string" &&
  typeof body.email === "string" && typeof body.role === "string" &&
  typeof body.createdAt === "string" &&
  ["admin", "member"].includes(body.role) && body.email.includes("@") &&
  /^\\d{4}-\\d{2}-\\d{2}T/.test(body.createdAt);
if (!ok) Deno.exit(1);
`,
);

const apispec = apispecProgram(ROOT, BINARY);

try {
  const floor = await floorProgram(bare, { binary: BINARY });
  const run = (command: string, args: string[]) => () => timeProcess(command, args, { cwd: dir });
  const variants: Record<string, () => Promise<ProcessRun>> = {
    "empty deno run": run(Deno.execPath(), ["run", "--quiet", V8_FLAGS_ARG, join(dir, "empty.ts")]),
    [`floor: bare fetch-and-check script (${floor.note})`]: run(floor.command, floor.args),
    "apispec version": run(apispec.command, [...apispec.args, "version"]),
    "apispec exec, spec without its matches rule": run(apispec.command, [
      ...apispec.args,
      "exec",
      SPEC_WITHOUT_MATCHES,
    ]),
    "apispec exec, schema-mode spec": run(apispec.command, [...apispec.args, "exec", SCHEMA_SPEC]),
    "  with a linear pattern (RegExp)": run(apispec.command, [
      ...apispec.args,
      "exec",
      SCHEMA_LINEAR,
    ]),
    "  with a grouped pattern (RE2)": run(apispec.command, [...apispec.args, "exec", SCHEMA_RE2]),
    "apispec exec": run(apispec.command, [...apispec.args, "exec", SPEC]),
  };
  // Warm Deno's caches for every variant, as a second run in CI would find them.
  for (const variant of Object.values(variants)) await variant();
  const runs = await interleave(variants, RUNS);
  const names = Object.keys(variants);
  const floorMs = median(runs[names[1]].map((r) => r.wallMs));
  console.log(
    `cold processes, one GET against the demo API (${SPEC}), ${
      BINARY ? `binary ${BINARY}` : "deno run"
    }, median of ${RUNS} interleaved rounds ${loadNote()}`,
  );
  for (const name of names) {
    const ms = median(runs[name].map((r) => r.wallMs));
    console.log(
      `  ${name.padEnd(52)} ${ms.toFixed(1).padStart(6)} ms  ${(ms / floorMs).toFixed(2)}x   (CPU ${
        meanCpu(runs[name])
      })`,
    );
  }
  const ratio = median(runs["apispec exec"].map((r) => r.wallMs)) / floorMs;
  console.log(`  exec / floor ${ratio.toFixed(2)}x; target ≤ 1.5x: ${verdict(ratio, 1.5)}`);
} finally {
  await api.close();
  await Deno.remove(dir, { recursive: true });
}
