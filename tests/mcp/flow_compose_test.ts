/**
 * `apispec_flow` on composed flows through the real server and the official
 * SDK client: the demo's team-onboarding flow (a sub-flow, a loop, a data
 * file) returns one iteration per row; a cycle is the parser's error.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { demoProject } from "../helpers/demo.ts";
import { startMcp } from "../helpers/mcp.ts";

interface Iterations {
  passed: boolean;
  iterations: {
    data: Record<string, string>;
    passed: boolean;
    captures: Record<string, string>;
    steps: { name: string; passed: boolean; skipped?: boolean; status: number }[];
  }[];
}

Deno.test("apispec_flow runs a data-driven flow with a sub-flow and a loop: one iteration per row, as the CLI prints it", async () => {
  await using demo = await demoProject({
    "api-docs/flows/cycle.md":
      "---\ntype: pipeline\n---\n## Steps\n\n1. **Again** -> `flows/cycle.md`\n",
  });
  const env = { APISPEC_AUTH_TOKEN: demo.api.token };
  await using mcp = await startMcp({ cwd: demo.ws.dir, env });
  const result = await mcp.call<Iterations>("apispec_flow", {
    pipeline_path: "flows/team-onboarding.md",
  });
  assertEquals(result.passed, true, JSON.stringify(result));
  assertEquals(Object.keys(result).sort(), ["iterations", "passed"]);
  assertEquals(result.iterations.map((row) => row.data.newUserName), [
    "Ada Lovelace",
    "Alan Turing",
    "Grace Hopper",
  ]);
  assertEquals(result.iterations[0].steps.map((s) => s.name), [
    "Onboard › Create user",
    "Onboard › Read user",
    "Onboard › Delete user",
    "Read orders [1]",
    "Read orders [2]",
    "List users",
  ]);
  assertEquals(JSON.parse(result.iterations[0].captures.orderStates), ["shipped", "shipped"]);
  // The last row has no orders and is not an admin: both steps are skipped, not failed.
  assertEquals(
    result.iterations[2].steps.slice(3).map((s) => [s.name, s.passed, s.skipped]),
    [["Read orders", true, true], ["List users", true, true]],
  );
  const orders = demo.api.requests.filter((r) => r.path.startsWith("/orders/")).map((r) => r.path);
  assertEquals(orders, ["/orders/1001", "/orders/1002", "/orders/1003"]);

  // The CLI prints the same object for the same file.
  const cli = await apispec(["flow", "flows/team-onboarding.md", "--output=json"], {
    cwd: `${demo.ws.dir}/api-docs`,
    env,
  });
  assertEquals(cli.code, 0, cli.stderr);
  const printed = json<Iterations>(cli);
  assertEquals(printed.iterations.map((row) => row.steps.map((s) => s.name)), [
    result.iterations[0].steps.map((s) => s.name),
    result.iterations[1].steps.map((s) => s.name),
    result.iterations[2].steps.map((s) => s.name),
  ]);

  const cycle = await mcp.raw("apispec_flow", { pipeline_path: "flows/cycle.md" });
  assertEquals(cycle.isError, true);
  assertStringIncludes(cycle.content[0].text, "Flow includes itself");
});
