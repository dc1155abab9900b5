import { assertEquals, assertStringIncludes } from "@std/assert";
import { parseFlow } from "../parse/flow.ts";
import {
  renderFlow,
  renderFlowSteps,
  replaceFlowSteps,
  setFlowSwitch,
  stepDraftOf,
} from "./flow_md.ts";

const DEMO = await Deno.readTextFile(
  new URL("../../../fixtures/demo/api-docs/flows/user-onboarding.md", import.meta.url),
);

function stepsOf(text: string) {
  const { flow, issues } = parseFlow(text, "flows/f.md");
  assertEquals(issues.filter((i) => i.severity === "error"), []);
  return flow!.steps.map(stepDraftOf);
}

Deno.test("replaceFlowSteps() writes the demo flow back byte for byte", () => {
  assertEquals(replaceFlowSteps(DEMO, stepsOf(DEMO)), DEMO);
});

Deno.test("replaceFlowSteps() reorders, removes and adds steps that parseFlow reads back", () => {
  const [create, read, remove] = stepsOf(DEMO);
  const edited = [
    create,
    { ...remove, asserts: ["status: 204"] },
    {
      name: "Read again",
      endpoint: "apis/users/get-user-by-id.md",
      captures: [],
      injects: ["userId"],
      asserts: [],
    },
  ];
  const text = replaceFlowSteps(DEMO, edited);
  assertEquals(stepsOf(text), edited);
  assertStringIncludes(text, "# User onboarding\n\n## Steps\n\n1. **Create user**");
  assertEquals(text.includes(read.name), false);
});

Deno.test("replaceFlowSteps() keeps sections after the steps", () => {
  const text = DEMO + "\n## Notes\n\nRun it against dev only.\n";
  const out = replaceFlowSteps(text, stepsOf(text).slice(0, 1));
  assertStringIncludes(out, "as `userName`\n\n## Notes\n\nRun it against dev only.\n");
});

Deno.test("renderFlowSteps() keeps step names from breaking the step line", () => {
  const out = renderFlowSteps([{
    name: "A -> **B**",
    endpoint: "apis/a.md",
    captures: [{ expression: "response.status", variable: "code" }],
    injects: [],
    asserts: ["body.tag: matches `x`"],
  }]);
  const steps = stepsOf(`---\ntype: pipeline\nname: x\n---\n## Steps\n\n${out}\n`);
  assertEquals(steps[0].name, "A - B");
  assertEquals(steps[0].endpoint, "apis/a.md");
  assertEquals(steps[0].asserts, ["body.tag: matches `x`"]);
});

Deno.test("renderFlow() writes a new flow that parses with its switches", () => {
  const text = renderFlow({
    name: "smoke",
    description: "Health: then users",
    parallel: true,
    steps: [{
      name: "Health",
      endpoint: "apis/health/get-health.md",
      captures: [],
      injects: [],
      asserts: [],
    }],
  });
  const { flow } = parseFlow(text, "flows/smoke.md");
  assertEquals(flow?.name, "smoke");
  assertEquals(flow?.description, "Health: then users");
  assertEquals(flow?.parallel, true);
  assertEquals(flow?.steps.length, 1);
});

Deno.test("setFlowSwitch() replaces or adds a frontmatter switch", () => {
  const on = setFlowSwitch(DEMO, "parallel", true);
  assertEquals(parseFlow(on, "f.md").flow?.parallel, true);
  const stripped = DEMO.replace("continue-on-error: false\n", "");
  assertEquals(
    parseFlow(setFlowSwitch(stripped, "continue-on-error", true), "f.md").flow?.continueOnError,
    true,
  );
});

Deno.test("replaceFlowSteps() keeps loops, conditions, polling and delays through an edit", () => {
  const text = `---\ntype: pipeline\nname: x\n---\n## Steps\n\n` +
    "1. **Each** -> `apis/a.md`\n   - For each: `users` as `user`\n" +
    "   - When: `user.role: equals admin`\n   - Delay: `250ms`\n" +
    "   - Capture: `response.body.id` as `ids`\n   - Until: `body.status: equals done`\n" +
    "   - Every: `2s`\n   - Times: `5`\n" +
    "2. **Sub-flow** -> `flows/login.md`\n";
  const steps = stepsOf(text);
  assertEquals(steps[0], {
    name: "Each",
    endpoint: "apis/a.md",
    captures: [{ expression: "response.body.id", variable: "ids" }],
    injects: [],
    asserts: [],
    forEach: { items: "users", as: "user" },
    when: "user.role: equals admin",
    delay: "250ms",
    until: "body.status: equals done",
    every: "2s",
    times: "5",
  });
  assertEquals(replaceFlowSteps(text, steps), text);
  assertEquals(stepsOf(replaceFlowSteps(text, steps)), steps);
});
