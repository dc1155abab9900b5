/**
 * `apispec import arazzo`, and the round trip flow → Arazzo → flow: steps,
 * endpoint files, captures, injects, assertions and expected statuses survive.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { parseFlow } from "../../src/engine/parse/flow.ts";
import { parseEndpoint } from "../../src/engine/parse/spec.ts";
import type { FlowSpec } from "../../src/engine/model.ts";
import { apispec, json } from "../helpers/cli.ts";
import { CORPORA } from "../helpers/corpus.ts";
import { demoProject } from "../helpers/demo.ts";
import { workspace } from "../helpers/workspace.ts";

const FLOW = "api-docs/flows/user-onboarding.md";

/** What a round trip must keep, without line numbers. */
function essence(flow: FlowSpec) {
  return {
    name: flow.name,
    title: flow.title,
    steps: flow.steps.map((s) => ({
      name: s.name,
      endpoint: s.endpoint,
      captures: s.captures.map((c) => `${c.expression} as ${c.variable}`),
      injects: s.injects.map((i) => i.variable),
      asserts: s.asserts.map((a) => a.source),
    })),
  };
}

async function flowOf(path: string): Promise<FlowSpec> {
  const parsed = parseFlow(await Deno.readTextFile(path), path);
  assert(parsed.flow, JSON.stringify(parsed.issues));
  return parsed.flow!;
}

Deno.test("flow → Arazzo → flow in the same collection keeps steps, captures and assertions", async () => {
  await using demo = await demoProject();
  const cwd = demo.ws.dir;
  const original = await flowOf(demo.ws.path(FLOW));
  const exported = await apispec(["export", "arazzo", FLOW, "--out", "onboarding.arazzo.yaml"], {
    cwd,
  });
  assertEquals(exported.code, 0, exported.stderr);
  await Deno.remove(demo.ws.path(FLOW));
  const imported = await apispec(["import", "arazzo", "onboarding.arazzo.yaml", "--output=json"], {
    cwd,
  });
  assertEquals(imported.code, 0, imported.stderr);
  const report = json<{ written: string[]; skipped: string[]; warnings: string[] }>(imported);
  // The endpoint files exist already: only the flow is written.
  assertEquals(report.written, [FLOW]);
  assertEquals(report.warnings, []);
  assertEquals(essence(await flowOf(demo.ws.path(FLOW))), essence(original));
  assertEquals((await apispec(["validate", "api-docs"], { cwd })).code, 0);
  // Imported again, nothing is overwritten.
  const again = json<{ written: string[]; skipped: string[] }>(
    await apispec(["import", "arazzo", "onboarding.arazzo.yaml", "--output=json"], { cwd }),
  );
  assertEquals([again.written, again.skipped], [[], [FLOW]]);
});

Deno.test("flow → Arazzo → a new collection: endpoint files drafted with the expected statuses", async () => {
  await using demo = await demoProject();
  const exported = await apispec(
    ["export", "arazzo", FLOW, "--out", "onboarding.arazzo.yaml"],
    { cwd: demo.ws.dir },
  );
  assertEquals(exported.code, 0, exported.stderr);
  await using fresh = await workspace({
    "onboarding.arazzo.yaml": await demo.ws.read("onboarding.arazzo.yaml"),
    "onboarding.openapi.yaml": await demo.ws.read("onboarding.openapi.yaml"),
  });
  const imported = await apispec(["import", "arazzo", "onboarding.arazzo.yaml"], {
    cwd: fresh.dir,
  });
  assertEquals(imported.code, 0, imported.stderr);
  const flow = await flowOf(fresh.path(FLOW));
  const original = await flowOf(demo.ws.path(FLOW));
  assertEquals(flow.steps.map((s) => s.name), original.steps.map((s) => s.name));
  assertEquals(
    flow.steps.map((s) => s.captures.map((c) => `${c.expression} as ${c.variable}`)),
    original.steps.map((s) => s.captures.map((c) => `${c.expression} as ${c.variable}`)),
  );
  const statuses = [];
  for (const step of flow.steps) {
    const text = await fresh.read(`api-docs/${step.endpoint}`);
    const { spec } = parseEndpoint(text, step.endpoint);
    statuses.push(`${spec!.method} ${spec!.path} ${spec!.expected.status}`);
  }
  assertEquals(statuses, [
    "POST /users 201",
    "GET /users/:userId 200",
    "DELETE /users/:userId 204",
  ]);
  assertEquals((await apispec(["validate", "api-docs"], { cwd: fresh.dir })).code, 0);
  // The drafted flow runs against the real API: captures chain into the next steps.
  await fresh.write(
    "api-docs/_shared/env.template.md",
    `## dev\n\n\`\`\`yaml\nbaseUrl: ${demo.api.url}\nnewUserName: Grace Hopper\n\`\`\`\n`,
  );
  const run = await apispec(["flow", FLOW, "--output=json"], {
    cwd: fresh.dir,
    env: { APISPEC_AUTH_TOKEN: demo.api.token },
  });
  const result = json<{ passed: boolean; captures: Record<string, string> }>(run);
  assertEquals(result.passed, true, run.stdout);
  const sent = demo.api.requests.slice(-3).map((r) => `${r.method} ${r.path}`);
  assertEquals(sent, [
    "POST /users",
    `GET /users/${result.captures.userId}`,
    `DELETE /users/${result.captures.userId}`,
  ]);
});

Deno.test("import arazzo of OAI's pet-coupons example: flows and endpoint files, what is left out said", async () => {
  await using ws = await workspace({});
  for (const name of ["pet-coupons.arazzo.yaml", "pet-coupons.openapi.yaml"]) {
    await Deno.copyFile(`${CORPORA}/arazzo/${name}`, ws.path(name));
  }
  const result = await apispec(["import", "arazzo", "pet-coupons.arazzo.yaml", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  const report = json<{ written: string[]; warnings: string[] }>(result);
  for (const flow of ["apply-coupon", "buy-available-pet", "place-order"]) {
    assert(report.written.includes(`api-docs/flows/${flow}.md`), report.written.join("\n"));
  }
  assert(
    report.written.some((f) => /apis\/store\/post-.*\.md$/.test(f)),
    report.written.join("\n"),
  );
  assert(report.warnings.some((w) => w.includes("sub-workflows are left out")));
  const apply = await flowOf(ws.path("api-docs/flows/apply-coupon.md"));
  assertEquals(apply.steps.length, 2);
  // `$response.body.couponCode` (as the example writes it) is read as a capture.
  assertEquals(apply.steps[1].captures.map((c) => c.variable), ["my_coupon_code"]);
  const placeOrder = await ws.read(
    report.written.find((f) => /apis\/store\/post-.*\.md$/.test(f))!,
  );
  assertStringIncludes(placeOrder, '"couponCode": "{{coupon_code}}"');
  assertEquals((await apispec(["validate", "api-docs"], { cwd: ws.dir })).code, 0);
});

Deno.test("import arazzo: not Arazzo, or a step naming an unknown operation, exits 2", async () => {
  await using ws = await workspace({
    "not.yaml": "openapi: 3.1.0\n",
    "openapi.yaml": "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n",
    "bad.arazzo.yaml": "arazzo: 1.0.1\ninfo: {title: t, version: '1'}\nsourceDescriptions:\n" +
      "  - {name: api, url: ./openapi.yaml, type: openapi}\nworkflows:\n  - workflowId: w\n" +
      "    steps:\n      - {stepId: s, operationId: nope, successCriteria: [{condition: $statusCode == 200}]}\n",
  });
  const not = await apispec(["import", "arazzo", "not.yaml"], { cwd: ws.dir });
  assertEquals(not.code, 2);
  assertStringIncludes(not.stderr, "not Arazzo");
  const bad = await apispec(["import", "arazzo", "bad.arazzo.yaml"], { cwd: ws.dir });
  assertEquals(bad.code, 2);
  assertStringIncludes(bad.stderr, 'step "s" names operation nope');
  assertEquals(await ws.exists("api-docs"), false);
});
