/**
 * `validate` of 10,000 generated endpoint files through the same operation
 * the CLI runs (read, secret scan, parse, schema compile where needed).
 * Target: ≤ 0.5 s, with peak memory printed. Reading the files alone takes
 * about 0.1 s on these machines; that floor is printed too.
 */
import { join } from "node:path";
import { systemContext } from "../src/adapters/system.ts";
import { listMarkdown } from "../src/adapters/fs.ts";
import { validatePath } from "../src/ops/collection/validate.ts";
import { loadNote, median, peakRssMiB, timeItAsync, verdict } from "./_measure.ts";

const COUNT = 10_000;
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
path: /${resource}/:id
version: 1
tags: [${resource}, generated]
---
# ${method} ${resource} ${n}

Generated endpoint number ${n}.

## Request

\`\`\`http
${method} {{baseUrl}}/${resource}/:id
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
  const ctx = { ...systemContext(), cwd: dir };
  // Warm the file cache and the JIT once, as a second run in CI would.
  await validatePath("api-docs", ctx);

  const read = await timeItAsync(async () => {
    for (const rel of await listMarkdown(root)) Deno.readTextFileSync(join(root, rel));
  });
  let files = 0;
  let errors = 0;
  const runs = [];
  for (let i = 0; i < 5; i++) {
    runs.push(
      await timeItAsync(async () => {
        const result = await validatePath("api-docs", ctx);
        files = result.files.length;
        errors = result.issues.filter((i) => i.severity === "error").length;
      }),
    );
  }
  const run = {
    wallMs: median(runs.map((r) => r.wallMs)),
    cpuMs: median(runs.map((r) => r.cpuMs)),
  };
  console.log(`validate ${files} generated endpoint files (${errors} errors) ${loadNote()}`);
  console.log(
    `  ${(run.wallMs / 1000).toFixed(3)} s wall, ${
      (run.cpuMs / 1000).toFixed(3)
    } s CPU (median of 5 runs)`,
  );
  console.log(
    `  listing and reading the files alone: ${(read.wallMs / 1000).toFixed(3)} s wall, ${
      (read.cpuMs / 1000).toFixed(3)
    } s CPU`,
  );
  console.log(`  peak memory (RSS): ${peakRssMiB().toFixed(0)} MiB`);
  console.log(`  target ≤ 0.5 s: ${verdict(run.wallMs / 1000, 0.5)}`);
} finally {
  await Deno.remove(dir, { recursive: true });
}
