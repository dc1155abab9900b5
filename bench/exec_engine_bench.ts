/**
 * Engine overhead of one `exec`, without the network: build the request
 * (variable layers, placeholders, auth), compare a 10 KB JSON response in
 * shape mode, and evaluate the assertions. Target: ≤ 0.5 ms.
 */
import { parseEndpoint } from "../src/engine/parse/spec.ts";
import { buildExchange } from "../src/engine/resolve/build.ts";
import { CLI_ORDER, orderLayers, type VarLayer } from "../src/engine/resolve/layers.ts";
import { compareResponse } from "../src/engine/compare/compare.ts";
import { evaluateAssertions } from "../src/engine/compare/assertions.ts";
import type { HttpResponse } from "../src/engine/model.ts";
import { loadNote, median, timeIt, verdict } from "./_measure.ts";

const items = Array.from({ length: 80 }, (_, i) => ({
  id: i + 1,
  sku: `SKU-${1000 + i}`,
  name: `Item number ${i + 1}`,
  price: { amount: 100 + i, currency: "EUR" },
  tags: ["new", "sale"],
  available: i % 3 !== 0,
}));
const body = JSON.stringify({ items, total: items.length, page: 1 });
const spec = parseEndpoint(
  `---
resource: items
protocol: http
method: GET
path: /items
version: 1
auth: bearer
---
## Request

\`\`\`http
GET {{baseUrl}}/items?page={{page}}
Accept: application/json
\`\`\`

## Expected response

\`\`\`http
HTTP/1.1 200 OK
Content-Type: application/json

{"items": [{"id": 1, "sku": "SKU-1", "name": "x", "price": {"amount": 1, "currency": "EUR"}, "tags": ["a"], "available": true}], "total": 1, "page": 1}
\`\`\`

## Assertions

- status: 200
- body.total: equals 80
- body.items[0].sku: matches ^SKU-\\d+$
- body.items[0].price.currency: in [EUR, USD]
- headers.content-type: contains json
`,
  "items.md",
).spec!;
const layers: VarLayer[] = orderLayers([
  { name: "env", label: "env.md", vars: { baseUrl: "http://127.0.0.1:8080", page: "1" } },
  { name: "os", label: "environment", vars: { authToken: "token-123456" } },
], CLI_ORDER);
const template: HttpResponse = {
  status: 200,
  reason: "OK",
  headers: [["content-type", "application/json"]],
  body,
};

function once() {
  // A fresh response object each time, as each real exec has: nothing parsed is reused.
  const response: HttpResponse = { ...template };
  const built = buildExchange(spec, { layers, auth: "bearer", env: "dev" });
  const diff = compareResponse(built.expected!, response, { match: "shape", ignore: [] });
  const results = evaluateAssertions(built.assertions, response);
  if (!diff.passed || results.some((r) => !r.passed)) {
    throw new Error("benchmark fixture must pass");
  }
}

const ITERATIONS = 2_000;
const run = () =>
  timeIt(() => {
    for (let i = 0; i < ITERATIONS; i++) once();
  });
run();
const samples = Array.from({ length: 7 }, run);
const cpu = median(samples.map((s) => s.cpuMs / ITERATIONS));
console.log(
  `engine overhead of one exec on a ${(body.length / 1024).toFixed(1)} KB JSON body ${loadNote()}`,
);
console.log(
  `  ${cpu.toFixed(3)} ms CPU (wall ${
    median(samples.map((s) => s.wallMs / ITERATIONS)).toFixed(3)
  } ms): build + shape compare + 5 assertions`,
);
console.log(`  target ≤ 0.5 ms: ${verdict(cpu, 0.5)}`);
