/**
 * Load exports of `auth: basic` with a numeric placeholder in a JSON body,
 * run for real: Artillery (from tests/tools) and the k6 script (under the
 * stand-in for k6's modules) against a loopback API that accepts only the
 * credentials given where the engine runs (APISPEC_USERNAME,
 * APISPEC_PASSWORD, not the environment's own `username`) and parses each
 * body as JSON. Issue 31 items 4 and 5.
 */
import { assert, assertEquals } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile } from "../flow/helpers.ts";
import { curl, runUnderShim } from "./k6_run.ts";
import { artillery, runArtillery } from "./artillery_run.ts";

const RUN_USER = "bob";
const RUN_PASSWORD = "run-time-s3cret";
const CREDENTIALS = `Basic ${btoa(`${RUN_USER}:${RUN_PASSWORD}`)}`;
const QTY = 7;

/** Stock to read (the quantity, a number), orders to create (the body must be JSON). */
function startShopApi() {
  return startTestApi((request, body) => {
    if (request.headers.get("authorization") !== CREDENTIALS) {
      return jsonResponse({ error: "bad credentials" }, 401);
    }
    const path = new URL(request.url).pathname;
    if (request.method === "GET" && path === "/stock/1") return jsonResponse({ qty: QTY });
    if (request.method === "POST" && path === "/orders") {
      try {
        return jsonResponse({ id: 1, ...JSON.parse(body) }, 201);
      } catch {
        return jsonResponse({ error: "invalid JSON" }, 400);
      }
    }
    return jsonResponse({ error: "not found" }, 404);
  });
}

function shopFiles(baseUrl: string): Record<string, string> {
  const json = "Content-Type: application/json";
  return {
    "api-docs/project.md": "---\nname: shop\nversion: 1\nauth: basic\n---\n",
    "api-docs/_shared/env.template.md":
      `## dev\n\n\`\`\`yaml\nbaseUrl: ${baseUrl}\nusername: alice\n\`\`\`\n`,
    "api-docs/.env.local": "password=local-password-never-exported\n",
    "api-docs/apis/stock/get-stock.md": endpoint({
      path: "/stock/1",
      resource: "stock",
      expected: `HTTP/1.1 200 OK\n${json}\n\n{"qty": 1}`,
      title: "Read stock",
    }),
    "api-docs/apis/orders/post-order.md": endpoint({
      method: "POST",
      path: "/orders",
      resource: "orders",
      frontmatter: "standalone: false\n",
      // A number placeholder right before the closing braces: `}}}}` in the template.
      request: `POST {{baseUrl}}/orders\n${json}\n\n{"order": {"qty": {{qty}}}}`,
      expected: `HTTP/1.1 201 Created\n${json}\n\n{"id": 1}`,
      title: "Create order",
    }),
    "api-docs/flows/order.md": flowFile([
      {
        name: "Stock",
        endpoint: "apis/stock/get-stock.md",
        lines: ["Capture: `response.body.qty` as `qty`"],
      },
      { name: "Order", endpoint: "apis/orders/post-order.md" },
    ]),
  };
}

function assertShopSaw(
  requests: { method: string; headers: Record<string, string>; body: string }[],
) {
  assert(requests.length >= 2);
  assertEquals([...new Set(requests.map((r) => r.headers["authorization"]))], [CREDENTIALS]);
  const orders = requests.filter((r) => r.method === "POST");
  assert(orders.length >= 1);
  for (const order of orders) assertEquals(JSON.parse(order.body), { order: { qty: QTY } });
}

Deno.test({
  name:
    "export artillery of auth: basic: credentials from the run's environment, numeric placeholders stay JSON",
  ignore: artillery.path === undefined,
  fn: async () => {
    await using api = startShopApi();
    await using ws = await workspace(shopFiles(api.url));
    const exported = await apispec(
      [
        "export",
        "artillery",
        "api-docs/flows/order.md",
        "--duration",
        "1",
        "--rate",
        "1",
        "--out",
        "load.yml",
      ],
      { cwd: ws.dir },
    );
    assertEquals(exported.code, 0, exported.stderr);
    const script = await ws.read("load.yml");
    assert(!script.includes("alice") && !script.includes("local-password"), script);
    const { counters, output } = await runArtillery(ws.dir, "load.yml", {
      APISPEC_USERNAME: RUN_USER,
      APISPEC_PASSWORD: RUN_PASSWORD,
    });
    assertEquals(counters["vusers.failed"] ?? 0, 0, output);
    assertEquals(counters["plugins.expect.failed"] ?? 0, 0, output);
    assertEquals(counters["http.codes.201"], counters["vusers.created"], output);
    assertShopSaw(api.requests);
  },
});

Deno.test({
  name:
    "export k6 of auth: basic: credentials from __ENV where k6 runs, numeric placeholders stay JSON",
  ignore: !curl,
  fn: async () => {
    await using api = startShopApi();
    await using ws = await workspace(shopFiles(api.url));
    const exported = await apispec(
      ["export", "k6", "api-docs/flows/order.md", "--out", "load.js"],
      {
        cwd: ws.dir,
      },
    );
    assertEquals(exported.code, 0, exported.stderr);
    const script = await ws.read("load.js");
    assert(!script.includes("alice") && !script.includes("local-password"), script);
    const run = await runUnderShim(ws.dir, "load.js", {
      APISPEC_USERNAME: RUN_USER,
      APISPEC_PASSWORD: RUN_PASSWORD,
    });
    assertEquals(run.requests.map((r) => r.status), [200, 201]);
    assertEquals(run.checks.filter((c) => !c.passed), []);
    assertShopSaw(api.requests);
  },
});
