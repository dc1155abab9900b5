/**
 * `apispec validate` of 10,000 generated endpoint files against its floor: a
 * bare script that reads the same files and parses their frontmatter with
 * js-yaml (the project's import of it). Both run as fresh processes, in
 * interleaved rounds; medians. Target: ≤ 1.3x the floor. Peak memory (RSS)
 * of validate is printed beside it.
 *
 * Two figures: `validate` as an agent or editor calls it again and again
 * (its per-file cache warm: no file changed since the last run), and
 * `validate --no-cache`, which checks every file from scratch as a first run
 * does. The cache lives in a temp folder of the run (XDG_CACHE_HOME).
 *
 * Validate does more than the floor by design: secret scan, the markdown
 * sections, request and response blocks, assertions, duplicate routes, and
 * file:line on every issue. Every file documents its own route, as in a real
 * collection (a shared one is a warning naming every file). `--runs <n>` sets
 * the rounds (default 7); `--binary <path>` runs a compiled apispec, and the
 * floor compiled the same way.
 */
import { join } from "node:path";
import {
  apispecProgram,
  floorProgram,
  interleave,
  loadNote,
  meanCpu,
  median,
  option,
  type ProcessRun,
  type Program,
  timeProcess,
  verdict,
} from "./_measure.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const COUNT = 10_000;
const RUNS = Number(option(Deno.args, "runs") ?? 7);
const BINARY = option(Deno.args, "binary");
const RESOURCES = [
  "users",
  "orders",
  "invoices",
  "products",
  "carts",
  "payments",
  "reviews",
  "shipments",
];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

function endpointFile(n: number): string {
  const method = METHODS[n % METHODS.length];
  const resource = RESOURCES[n % RESOURCES.length];
  const body = method === "GET" || method === "DELETE"
    ? ""
    : `Content-Type: application/json\n\n{"name": "item ${n}", "quantity": ${n % 7}}`;
  return `---
resource: ${resource}
protocol: http
method: ${method}
path: /${resource}/${n}/:id
version: 1
tags: [${resource}, generated]
---
# ${method} ${resource} ${n}

Generated endpoint number ${n}.

## Request

\`\`\`http
${method} {{baseUrl}}/${resource}/${n}/:id
Accept: application/json
${body}
\`\`\`

## Expected response

\`\`\`http
HTTP/1.1 200 OK
Content-Type: application/json

{"id": ${n}, "name": "item ${n}", "quantity": 1, "tags": ["a"]}
\`\`\`

## Assertions

- status: 200
- body.id: exists
`;
}

/** The floor: walk, read, and parse each file's frontmatter with js-yaml; nothing else. */
const FLOOR = `// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
let parsed = 0;
const walk = (dir) => {
  for (const entry of Deno.readDirSync(dir)) {
    const path = dir + "/" + entry.name;
    if (entry.isDirectory) walk(path);
    else if (entry.name.endsWith(".md")) {
      const text = Deno.readTextFileSync(path);
      const end = text.indexOf("\\n---", 4);
      yaml.load(text.slice(4, end), { schema: yaml.CORE_SCHEMA });
      parsed++;
    }
  }
};
walk(Deno.args[0]);
if (parsed !== ${COUNT}) Deno.exit(1);
`;

/** Peak RSS of one validate run, from GNU time when present. */
async function validatePeakMiB(program: Program, cwd: string): Promise<number | undefined> {
  if (!(await Deno.stat("/usr/bin/time").then(() => true, () => false))) return undefined;
  const output = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "%M", program.command, ...program.args],
    cwd,
    stdout: "null",
    stderr: "piped",
  }).output();
  const lastLine = new TextDecoder().decode(output.stderr).trim().split("\n").at(-1) ?? "";
  return Number(lastLine) / 1024;
}

const dir = await Deno.makeTempDir({ prefix: "apispec-validate-bench-" });
try {
  const root = join(dir, "api-docs");
  for (const resource of RESOURCES) {
    await Deno.mkdir(join(root, "apis", resource), { recursive: true });
  }
  for (let n = 0; n < COUNT; n++) {
    await Deno.writeTextFile(
      join(root, "apis", RESOURCES[n % RESOURCES.length], `endpoint-${n}.md`),
      endpointFile(n),
    );
  }
  await Deno.writeTextFile(join(dir, "floor.js"), FLOOR);
  const floor = await floorProgram(join(dir, "floor.js"), {
    binary: BINARY,
    config: `${ROOT}deno.json`,
  });
  const apispec = apispecProgram(ROOT, BINARY);
  const validate: Program = {
    command: apispec.command,
    args: [...apispec.args, "validate", "api-docs"],
  };
  const env = { ...Deno.env.toObject(), XDG_CACHE_HOME: join(dir, "cache") };
  const variants: Record<string, () => Promise<ProcessRun>> = {
    floor: () => timeProcess(floor.command, [...floor.args, root], { cwd: dir }),
    validate: () => timeProcess(validate.command, validate.args, { cwd: dir, env }),
    cold: () => timeProcess(validate.command, [...validate.args, "--no-cache"], { cwd: dir, env }),
  };
  // Warm the file cache and Deno's caches once, as a second run in CI would find them; validate
  // runs twice, as its cache trusts files' times only from the second run on.
  for (const variant of Object.values(variants)) await variant();
  await variants.validate();
  const runs = await interleave(variants, RUNS);
  const floorMs = median(runs.floor.map((r) => r.wallMs));
  const validateMs = median(runs.validate.map((r) => r.wallMs));
  const coldMs = median(runs.cold.map((r) => r.wallMs));
  const ratio = validateMs / floorMs;
  const coldRatio = coldMs / floorMs;
  const peak = await validatePeakMiB({ ...validate, args: [...validate.args, "--no-cache"] }, dir);
  console.log(
    `validate ${COUNT} generated endpoint files, ${
      BINARY ? `binary ${BINARY}` : "deno run"
    }, fresh processes, median of ${RUNS} interleaved rounds ${loadNote()}`,
  );
  console.log(
    `  floor: read + js-yaml parse of the frontmatter (${floor.note})  ${
      floorMs.toFixed(0).padStart(5)
    } ms  ` +
      `(CPU ${meanCpu(runs.floor)})`,
  );
  console.log(
    `  apispec validate, no file changed since last run  ${
      validateMs.toFixed(0).padStart(5)
    } ms  (CPU ${meanCpu(runs.validate)})`,
  );
  console.log(
    `  apispec validate --no-cache (every file checked) ${coldMs.toFixed(0).padStart(5)} ms  ` +
      `(CPU ${meanCpu(runs.cold)}), peak RSS ${peak ? `${peak.toFixed(0)} MiB` : "n/a"}`,
  );
  console.log(
    `  validate / floor ${ratio.toFixed(2)}x (--no-cache ${coldRatio.toFixed(2)}x); ` +
      `target ≤ 1.3x: ${verdict(ratio, 1.3)} (--no-cache: ${verdict(coldRatio, 1.3)})`,
  );
} finally {
  await Deno.remove(dir, { recursive: true });
}
