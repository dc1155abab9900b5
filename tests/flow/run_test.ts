import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile, type FlowJson } from "./helpers.ts";

/** /fail answers 500; /slow answers after 400 ms; everything else 200 with an id. */
function api() {
  return startTestApi(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/fail") return jsonResponse({ error: "boom" }, 500);
    if (path === "/slow") await new Promise((resolve) => setTimeout(resolve, 400));
    return jsonResponse({ id: 8, role: "member" });
  });
}

const endpoints = {
  "apis/t/get-ok.md": endpoint({ path: "/ok" }),
  "apis/t/get-fail.md": endpoint({ path: "/fail" }),
  "apis/t/get-slow.md": endpoint({ path: "/slow" }),
  "apis/t/get-item.md": endpoint({ path: "/items/:itemId" }),
  "apis/t/get-staging.md": endpoint({ path: "/staging-only", frontmatter: "env: [staging]\n" }),
  "apis/t/get-role.md": endpoint({
    path: "/role",
    sections: "\n## Assertions\n\n- body.role: equals admin\n",
  }),
};

const skipFlow = (continueOnError: boolean) =>
  flowFile([
    {
      name: "Produce",
      endpoint: "apis/t/get-fail.md",
      lines: ["Capture: `response.body.id` as `itemId`"],
    },
    { name: "Independent", endpoint: "apis/t/get-ok.md" },
    { name: "Dependent", endpoint: "apis/t/get-item.md", lines: ["Inject: `itemId`"] },
  ], { continueOnError });

Deno.test("flow stops at the first failure and reports later steps as skipped (exit 1)", async () => {
  await using server = api();
  await using ws = await workspace(
    collectionFiles(server.url, { ...endpoints, "flows/f.md": skipFlow(false) }),
  );
  const result = await apispec(["flow", "api-docs/flows/f.md", "--output=json"], { cwd: ws.dir });
  assertEquals(result.code, 1, result.stderr);
  const output = json<FlowJson>(result);
  assertEquals(output.passed, false);
  assertEquals(output.steps.map((s) => [s.passed, s.skipped ?? false]), [[false, false], [
    false,
    true,
  ], [false, true]]);
  assertStringIncludes(output.steps[1].hint!, 'step "Produce" failed and continue-on-error is off');
  assertEquals(server.requests.map((r) => r.path), ["/fail"]);
});

Deno.test("flow with continue-on-error runs on, skips dependents and exits 0", async () => {
  await using server = api();
  await using ws = await workspace(
    collectionFiles(server.url, { ...endpoints, "flows/f.md": skipFlow(true) }),
  );
  const result = await apispec(["flow", "api-docs/flows/f.md", "--output=json"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  const output = json<FlowJson>(result);
  assertEquals(output.passed, false);
  assertEquals(output.steps.map((s) => [s.passed, s.skipped ?? false]), [[false, false], [
    true,
    false,
  ], [false, true]]);
  assertEquals(server.requests.map((r) => r.path), ["/fail", "/ok"]);
});

Deno.test("flow skips a step whose env list excludes the environment, without failing", async () => {
  await using server = api();
  await using ws = await workspace(collectionFiles(server.url, {
    ...endpoints,
    "flows/f.md": flowFile([
      { name: "Staging only", endpoint: "apis/t/get-staging.md" },
      { name: "Everywhere", endpoint: "apis/t/get-ok.md" },
    ]),
  }));
  const result = await apispec(["flow", "api-docs/flows/f.md", "--output=json"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  const output = json<FlowJson>(result);
  assertEquals(output.passed, true);
  assertEquals(output.steps[0].skipped, true);
  assertStringIncludes(output.steps[0].hint!, 'valid only in staging, not "dev"');
  assertEquals(server.requests.map((r) => r.path), ["/ok"]);
});

Deno.test("flow --dry-run sends nothing and shows capture placeholders", async () => {
  await using server = api();
  await using ws = await workspace(collectionFiles(server.url, {
    ...endpoints,
    "flows/f.md": flowFile([
      {
        name: "Produce",
        endpoint: "apis/t/get-ok.md",
        lines: ["Capture: `response.body.id` as `itemId`"],
      },
      { name: "Use", endpoint: "apis/t/get-item.md", lines: ["Inject: `itemId`"] },
    ]),
  }));
  const json_ = await apispec(["flow", "api-docs/flows/f.md", "--dry-run", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(json_.code, 0, json_.stderr);
  assertEquals(json<FlowJson>(json_).captures, { itemId: "__capture_itemId__" });
  const console_ = await apispec(["flow", "api-docs/flows/f.md", "--dry-run"], { cwd: ws.dir });
  assertEquals(console_.code, 0, console_.stderr);
  assertStringIncludes(console_.stdout, "/items/__capture_itemId__");
  assertStringIncludes(console_.stdout, "dry run: nothing is sent");
  assertEquals(server.requests.length, 0);
});

Deno.test("flow --timeout applies to every step", async () => {
  await using server = api();
  await using ws = await workspace(collectionFiles(server.url, {
    ...endpoints,
    "flows/f.md": flowFile([{ name: "Slow", endpoint: "apis/t/get-slow.md" }]),
  }));
  const result = await apispec(["flow", "api-docs/flows/f.md", "--timeout=100", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 1, result.stderr);
  const step = json<FlowJson>(result).steps[0];
  assertEquals(step.error_type, "NETWORK_ERROR");
  assertStringIncludes(step.hint!, "Timed out after 100 ms");
});

Deno.test("flow --strict-assertions fails a step on a failing endpoint assertion", async () => {
  await using server = api();
  await using ws = await workspace(collectionFiles(server.url, {
    ...endpoints,
    "flows/f.md": flowFile([{ name: "Role", endpoint: "apis/t/get-role.md" }]),
  }));
  const lenient = await apispec(["flow", "api-docs/flows/f.md", "--output=json"], { cwd: ws.dir });
  assertEquals(lenient.code, 0, lenient.stderr);
  const strict = await apispec([
    "flow",
    "api-docs/flows/f.md",
    "--strict-assertions",
    "--output=json",
  ], { cwd: ws.dir });
  assertEquals(strict.code, 1);
  assertEquals(json<FlowJson>(strict).steps[0].error_type, "CONTRACT_MISMATCH");
});

Deno.test("flow Assert lines fail a step only with --strict-assertions, and may use captures", async () => {
  await using server = api();
  await using ws = await workspace(collectionFiles(server.url, {
    ...endpoints,
    "flows/f.md": flowFile([
      {
        name: "Produce",
        endpoint: "apis/t/get-ok.md",
        lines: ["Capture: `response.body.id` as `itemId`"],
      },
      {
        name: "Check",
        endpoint: "apis/t/get-ok.md",
        lines: ["Assert: `body.id: equals {{itemId}}`", "Assert: `body.role: equals admin`"],
      },
    ]),
  }));
  const lenient = await apispec(["flow", "api-docs/flows/f.md", "-v", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(lenient.code, 0, lenient.stderr);
  const results = json<FlowJson & { steps: { record: { assertion_results: unknown[] } }[] }>(
    lenient,
  ).steps[1].record.assertion_results;
  assertEquals(results, [
    { rule: "body.id: equals {{itemId}}", passed: true, message: "body.id equals 8" },
    {
      rule: "body.role: equals admin",
      passed: false,
      message: 'body.role: expected "admin", got "member"',
    },
  ]);
  const strict = await apispec([
    "flow",
    "api-docs/flows/f.md",
    "--strict-assertions",
    "--output=json",
  ], { cwd: ws.dir });
  assertEquals(strict.code, 1, strict.stderr);
  const check = json<FlowJson>(strict).steps[1];
  assertEquals(check.error_type, "CONTRACT_MISMATCH");
  assertMatch(check.hint!, /Flow assertion failed: body.role: expected "admin", got "member"/);
});

Deno.test("flow exits 2 before any request on an unresolved variable or a broken step file", async () => {
  await using server = api();
  await using ws = await workspace(collectionFiles(server.url, {
    ...endpoints,
    "apis/t/broken.md": "---\nresource: t\n---\n# Broken\n",
    "flows/unresolved.md": flowFile([
      { name: "First", endpoint: "apis/t/get-ok.md" },
      { name: "Needs item", endpoint: "apis/t/get-item.md" },
    ]),
    "flows/broken.md": flowFile([
      { name: "First", endpoint: "apis/t/get-ok.md" },
      { name: "Broken", endpoint: "apis/t/broken.md" },
      { name: "Missing", endpoint: "apis/t/nope.md" },
    ]),
  }));
  const unresolved = await apispec(["flow", "api-docs/flows/unresolved.md"], { cwd: ws.dir });
  assertEquals(unresolved.code, 2);
  assertStringIncludes(
    unresolved.stderr,
    'Variable "itemId" is not defined for environment "dev" (step "Needs item")',
  );
  assertStringIncludes(unresolved.stderr, "Capture it in an earlier step");
  const broken = await apispec(["flow", "api-docs/flows/broken.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(broken.code, 2);
  assertStringIncludes(broken.stderr, 'Step "Broken" cannot run');
  assertStringIncludes(broken.stderr, "api-docs/flows/broken.md:13");
  assertStringIncludes(broken.stderr, 'Step "Missing" cannot run');
  assertEquals(json<FlowJson>(broken).steps.every((s) => s.skipped), true);
  assertEquals(server.requests.length, 0);
});

Deno.test("flow --output=junit has one testcase per step", async () => {
  await using server = api();
  await using ws = await workspace(
    collectionFiles(server.url, { ...endpoints, "flows/f.md": skipFlow(false) }),
  );
  const result = await apispec(["flow", "api-docs/flows/f.md", "--output=junit"], { cwd: ws.dir });
  assertEquals(result.code, 1);
  assertEquals(result.stdout.match(/<testcase /g)?.length, 3);
  assertStringIncludes(result.stdout, 'tests="3" failures="1" skipped="2"');
  const markdown = await apispec(["flow", "api-docs/flows/f.md", "--output=markdown"], {
    cwd: ws.dir,
  });
  assertStringIncludes(markdown.stdout, "**0 passed**, **1 failed**, 2 skipped of 3");
  assert(markdown.stdout.includes("| ❌ fail | Produce |"), markdown.stdout);
});

Deno.test("validate warns about an Inject the step's endpoint never uses", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:1", {
    ...endpoints,
    "flows/f.md": flowFile([
      {
        name: "Produce",
        endpoint: "apis/t/get-ok.md",
        lines: ["Capture: `response.body.id` as `itemId`"],
      },
      { name: "Ignore it", endpoint: "apis/t/get-ok.md", lines: ["Inject: `itemId`"] },
    ]),
  }));
  const result = await apispec(["validate", "api-docs/flows/f.md"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(
    result.stderr,
    'Step "Ignore it" injects "itemId", but apis/t/get-ok.md never uses it',
  );
  assertStringIncludes(result.stderr, "api-docs/flows/f.md:15");
});
