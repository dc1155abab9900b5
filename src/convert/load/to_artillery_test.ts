import { assertEquals, assertStringIncludes } from "@std/assert";
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import type { AssertionOperator } from "../../engine/model.ts";
import { partsOf } from "./load_script.ts";
import { type LoadPlan, requestNode } from "./load_flow.ts";
import { toArtillery } from "./to_artillery.ts";

function rule(path: string, operator: AssertionOperator, operand: string) {
  return {
    kind: "rule" as const,
    rule: { source: `${path}: ${operator} ${operand}`.trim(), path, operator, operand, line: 1 },
    operand: partsOf(operand),
  };
}

const PLAN: LoadPlan = {
  target: "http://api.test:8080/v1",
  env: "dev",
  duration: 2,
  rate: 3,
  scenarios: [{
    name: "Orders",
    source: "flows/orders.md",
    nodes: [requestNode({
      name: "Create",
      method: "POST",
      url: partsOf("http://api.test:8080/v1/orders"),
      headers: [{ name: "Authorization", value: partsOf("Bearer __apispec_env_authToken__") }],
      body: partsOf('{"n": 1}'),
      captures: [{ variable: "orderId", from: "body", path: ["items", 0, "id"] }],
      checks: [
        { kind: "status", statuses: ["201"] },
        { kind: "type", path: ["first-name"], type: "string" },
        rule("body.total", "equals", "42"),
        rule("body.state", "in", "[open, paid]"),
        rule("body.tags", "contains", "new"),
        rule("body.id", "exists", ""),
        rule("body.ref", "equals", "__capture_orderId__"),
        rule("headers.etag", "contains", "W/"),
      ],
    }, { file: "flows/orders.md", line: 8 })],
  }],
};

Deno.test("toArtillery() writes target, phase, captures and expectations", () => {
  const { text, notes } = toArtillery(PLAN);
  const script = yaml.load(text) as {
    config: Record<string, unknown>;
    scenarios: { flow: { post: Record<string, unknown> }[] }[];
  };
  assertEquals(script.config.target, "http://api.test:8080");
  assertEquals(script.config.phases, [{ name: "apispec", duration: 2, arrivalRate: 3 }]);
  const post = script.scenarios[0].flow[0].post;
  assertEquals(post.url, "/v1/orders");
  assertEquals(post.headers, { Authorization: "Bearer {{ $env.APISPEC_AUTH_TOKEN }}" });
  assertEquals(post.capture, [
    { json: "$.items[0].id", as: "orderId" },
    { json: "$.ref", as: "apispec_check_2" },
  ]);
  assertEquals(post.expect, [
    { statusCode: 201 },
    { jmespath: `type("first-name") == 'string'` },
    { jmespath: 'to_string(total) == `"42"`' },
    { jmespath: 'contains(`["open","paid"]`, to_string(state))' },
    { jmespath: 'contains(tags, `"new"`)' },
    { jmespath: "id != null" },
    { equals: ["{{ apispec_check_2 }}", "{{ orderId }}"] },
  ]);
  assertEquals(notes, ["Orders / Create: headers.etag: contains W/"]);
  assertStringIncludes(text, "# Secrets are read where Artillery runs: APISPEC_AUTH_TOKEN");
});
