import { assert, assertEquals } from "@std/assert";
import { parseFlow } from "../../engine/parse/flow.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import { planFlow } from "../../engine/flow/plan.ts";
import type { EndpointSpec } from "../../engine/model.ts";
import type { VarLayer } from "../../engine/resolve/layers.ts";
import { type LowerContext, lowerFlow } from "./lower_flow.ts";
import { literal } from "./load_script.ts";
import type { LoadNode } from "./load_flow.ts";

function endpoint(target: string): EndpointSpec {
  const text = `---\nresource: r\nprotocol: http\nmethod: GET\npath: /x\nversion: 1\n---\n# E\n\n` +
    "## Request\n\n```http\nGET " + target + "\n```\n\n## Expected response\n\n```http\n" +
    "HTTP/1.1 200 OK\n```\n";
  const { spec } = parseEndpoint(text, "apis/e.md");
  assert(spec, target);
  return spec;
}

const ENDPOINTS: Record<string, string> = {
  "list.md": "{{baseUrl}}/items",
  "item.md": "{{baseUrl}}/items/{{item.id}}",
  "user.md": "{{baseUrl}}/users/:userId",
  "region.md": "{{baseUrl}}/regions/{{region}}",
};

function lower(steps: string, options: { cli?: Record<string, string>; data?: string[] } = {}) {
  const flow = parseFlow(`---\ntype: pipeline\n---\n## Steps\n\n${steps}`, "flows/f.md").flow!;
  const targets = flow.steps.map((s) => ({ key: s.endpoint, kind: "request" as const }));
  const plan = planFlow("f", {
    flows: new Map([["f", { flow, targets }]]),
    endpoints: new Map(Object.keys(ENDPOINTS).map((k) => [k, ENDPOINTS[k]])),
  });
  const ctx: LowerContext = {
    spec: (target) => endpoint(ENDPOINTS[target]),
    layers: (_spec, holes): VarLayer[] => [
      { name: "capture", label: "capture", vars: holes },
      { name: "cli", label: "--var", vars: options.cli ?? {} },
      { name: "env", label: "env", vars: { baseUrl: "http://api.test" } },
    ],
    auth: () => "none",
    env: "dev",
    data: new Set(options.data ?? []),
  };
  return lowerFlow(plan.nodes, ctx);
}

const url = (node: LoadNode) => node.request!.url;

Deno.test("lowerFlow() leaves run-time variables as holes and resolves the rest", () => {
  const { nodes, issues } = lower(
    "1. **List** -> `list.md`\n   - Capture: `response.body.items` as `items`\n" +
      "2. **Each** -> `item.md`\n   - For each: `items` as `item`\n   - Delay: `1s`\n" +
      "3. **Region** -> `region.md`\n",
    { data: ["region"] },
  );
  assertEquals(issues, []);
  assertEquals(nodes[1].loop, {
    over: { var: "items" },
    as: "item",
    where: { file: "flows/f.md", line: 9 },
  });
  assertEquals(nodes[1].delayMs, 1000);
  assertEquals(url(nodes[1]), [{ text: "http://api.test/items/" }, { var: "item.id" }]);
  assertEquals(url(nodes[2]), [{ text: "http://api.test/regions/" }, { var: "region" }]);
});

Deno.test("lowerFlow() decides a When on values known at export, and drops what needs a dropped capture", () => {
  const steps = "1. **Admins** -> `list.md`\n   - When: `role: equals admin`\n" +
    "   - Capture: `response.body.first` as `userId`\n" +
    "2. **User** -> `user.md`\n";
  const dropped = lower(steps, { cli: { role: "member" } });
  assertEquals(dropped.nodes, []);
  const kept = lower(steps, { cli: { role: "admin" } });
  assertEquals(kept.nodes.map((n) => [n.name, n.when, n.requires]), [
    ["Admins", undefined, []],
    ["User", undefined, []],
  ]);
  // From the data, the rule is decided where the script runs; the step after it checks the capture exists.
  const runtime = lower(steps, { data: ["role"] });
  assertEquals(runtime.nodes[0].when?.variable, "role");
  assertEquals(runtime.nodes[1].requires, ["userId"]);
});

Deno.test("lowerFlow() carries a list known at export, and marks loop captures read after the loop", () => {
  const { nodes } = lower(
    "1. **Each** -> `item.md`\n   - For each: `picked` as `item`\n" +
      "   - Capture: `response.body.name` as `names`\n" +
      "2. **Region** -> `region.md`\n   - Assert: `body: contains {{names}}`\n",
    { cli: { picked: '[{"id": 3}]', region: "eu" } },
  );
  assertEquals(nodes[0].loop?.over, { items: [{ id: 3 }] });
  assertEquals(nodes[0].collects, [{ variable: "names", readBy: { file: "flows/f.md", line: 9 } }]);
  assertEquals(literal(url(nodes[1])), "http://api.test/regions/eu");
});

Deno.test("lowerFlow() refuses a For each over a value that is not a list", () => {
  const { nodes, issues } = lower("1. **Each** -> `item.md`\n   - For each: `ids` as `item`\n", {
    cli: { ids: "7" },
  });
  assertEquals(nodes, []);
  assertEquals(issues.map((i) => [i.message, i.line]), [
    ["Cannot export For each: `ids` is not an array", 7],
  ]);
});
