/**
 * The preview server's flow routes on a composed flow (the demo's
 * team-onboarding: a sub-flow, a loop, a data file), against the demo API:
 * the plan the canvas draws, records streamed per loop run and per row, and
 * the switches a run may override.
 */
import { assertEquals } from "@std/assert";
import { demoPreview } from "../helpers/preview.ts";

interface PlanView {
  id: string;
  name: string;
  kind: string;
  forEach?: { items: string; as: string };
  when?: string;
  captures: string[];
  children: PlanView[];
}

Deno.test("GET /api/flow gives the plan: a sub-flow's steps, a loop, a condition, the data file", async () => {
  await using t = await demoPreview();
  const { status, body } = await t.preview.send("GET", "/api/flow?path=flows/team-onboarding.md");
  assertEquals(status, 200);
  assertEquals(body.data, "data/team.csv");
  const plan = body.plan as PlanView[];
  assertEquals(plan.map((n) => [n.id, n.kind, n.name]), [
    ["1", "flow", "Onboard"],
    ["2", "request", "Read orders"],
    ["3", "request", "List users"],
  ]);
  assertEquals(plan[0].children.map((c) => [c.id, c.name]), [
    ["1.1", "Onboard › Create user"],
    ["1.2", "Onboard › Read user"],
    ["1.3", "Onboard › Delete user"],
  ]);
  assertEquals(plan[1].forEach, { items: "orders", as: "orderId" });
  assertEquals(plan[1].captures, ["orderStates"]);
  assertEquals(plan[2].when, "role: equals admin");
  assertEquals(t.api.requests.length, 0);
});

Deno.test("POST /api/flow/run streams a line per row and per record, each with its plan node and loop run", async () => {
  await using t = await demoPreview();
  const response = await t.preview.call("/api/flow/run", {
    method: "POST",
    body: JSON.stringify({ path: "flows/team-onboarding.md" }),
  });
  assertEquals(response.status, 200);
  const lines = (await response.text()).trim().split("\n").map((l) => JSON.parse(l));
  const events = lines.map((l) =>
    l.type === "row"
      ? `row ${l.row.index + 1}/${l.row.count}`
      : l.type === "step"
      ? `${l.id}${l.iteration ? `#${l.iteration}` : ""} ${
        l.step.skipped ? "-" : l.step.passed ? "✓" : "✗"
      }`
      : l.type
  );
  assertEquals(events, [
    "row 1/3",
    "1.1 ✓",
    "1.2 ✓",
    "1.3 ✓",
    "2#1 ✓",
    "2#2 ✓",
    "3 ✓",
    "row 2/3",
    "1.1 ✓",
    "1.2 ✓",
    "1.3 ✓",
    "2#1 ✓",
    "3 -",
    "row 3/3",
    "1.1 ✓",
    "1.2 ✓",
    "1.3 ✓",
    "2 -",
    "3 -",
    "done",
  ]);
  const done = lines.at(-1).result;
  assertEquals(done.passed, true);
  assertEquals(done.iterations.length, 3);
  assertEquals(done.iterations[0].data.newUserName, "Ada Lovelace");
});

Deno.test("POST /api/flow/run takes parallel and continue_on_error for this run only", async () => {
  await using t = await demoPreview();
  const run = async (body: Record<string, unknown>) => {
    const response = await t.preview.call("/api/flow/run", {
      method: "POST",
      body: JSON.stringify({ path: "flows/user-onboarding.md", ...body }),
    });
    return { status: response.status, text: await response.text() };
  };
  const parallel = await run({ parallel: true, continue_on_error: true });
  assertEquals(parallel.status, 200);
  const done = JSON.parse(parallel.text.trim().split("\n").at(-1)!);
  assertEquals([done.type, done.result.passed], ["done", true]);
  const wrong = await run({ parallel: "yes" });
  assertEquals(wrong.status, 400);
  assertEquals(JSON.parse(wrong.text).error.message, 'Field "parallel" must be true or false');
});
