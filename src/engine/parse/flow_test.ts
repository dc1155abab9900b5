import { assert, assertEquals, assertMatch } from "@std/assert";
import { parseFlow } from "./flow.ts";

const FLOW = `---
type: pipeline
name: onboarding
description: Create then read
parallel: true
continue-on-error: true
---
# Onboarding

## Steps

1. **Create user** -> \`apis/users/post-create-user.md\`
   - Capture: \`response.body.id\` as \`userId\`
   - Capture: \`response.headers.location\` as \`userUrl\`
   - Capture: \`response.body[0].id\` as \`firstId\`
   - Capture: \`response.status\` as \`code\`
2. Read user → apis/users/get-user.md
   - Inject: \`userId\`, \`userUrl\`
   - Assert: \`body.id: exists\`
`;

Deno.test("parseFlow() reads frontmatter, steps, captures, injects and asserts", () => {
  const { flow, issues } = parseFlow(FLOW, "flows/onboarding.md");
  assertEquals(issues, []);
  assert(flow);
  assertEquals([flow.name, flow.description, flow.parallel, flow.continueOnError, flow.title], [
    "onboarding",
    "Create then read",
    true,
    true,
    "Onboarding",
  ]);
  assertEquals(flow.steps.map((s) => [s.name, s.endpoint, s.line]), [
    ["Create user", "apis/users/post-create-user.md", 12],
    ["Read user", "apis/users/get-user.md", 17],
  ]);
  assertEquals(flow.steps[0].captures.map((c) => [c.expression, c.variable]), [
    ["response.body.id", "userId"],
    ["response.headers.location", "userUrl"],
    ["response.body[0].id", "firstId"],
    ["response.status", "code"],
  ]);
  assertEquals(flow.steps[1].injects.map((i) => i.variable), ["userId", "userUrl"]);
  assertEquals(flow.steps[1].asserts[0].source, "body.id: exists");
});

Deno.test("parseFlow() defaults parallel and continue-on-error to false", () => {
  const text = "---\ntype: pipeline\nname: x\n---\n## Steps\n\n1. **A** -> `apis/a/get-a.md`\n";
  const { flow } = parseFlow(text, "flows/x.md");
  assertEquals([flow?.parallel, flow?.continueOnError], [false, false]);
});

Deno.test("parseFlow() rejects bad captures, bad paths, missing steps, with lines", () => {
  const cases: [string, RegExp, number][] = [
    ["1. **A** -> `apis/a/get-a.md`\n   - Capture: `body.id` as `x`\n", /Cannot parse capture/, 8],
    ["1. **A** -> `apis/a/get-a.txt`\n", /must point at an endpoint or flow .md file/, 7],
    ["1. **A** apis/a/get-a.md\n", /Cannot parse step/, 7],
    ["Nothing here\n", /Flow has no steps/, 5],
    [
      "1. **A** -> `apis/a/get-a.md`\n   - Assert: `nobody: x`\n",
      /Cannot parse assertion|Cannot use assertion/,
      8,
    ],
  ];
  for (const [steps, message, line] of cases) {
    const text = `---\ntype: pipeline\nname: x\n---\n## Steps\n\n${steps}`;
    const errors = parseFlow(text, "flows/x.md").issues.filter((i) => i.severity === "error");
    assertEquals(errors.length >= 1, true, steps);
    assertMatch(errors[0].message, message);
    assertEquals(errors[0].line, line, errors[0].message);
    assertEquals(errors[0].file, "flows/x.md");
  }
});

Deno.test("parseFlow() requires type pipeline when given and a Steps section", () => {
  const wrong =
    parseFlow("---\ntype: endpoint\n---\n## Steps\n\n1. A -> `a.md`\n", "f.md").issues[0];
  assertMatch(wrong.message, /must be "pipeline"/);
  const missing = parseFlow("---\ntype: pipeline\n---\n# x\n", "f.md").issues[0];
  assertEquals(missing.message, 'Missing section "## Steps"');
});

Deno.test("parseFlow() ignores numbered lines inside code fences", () => {
  const text =
    "---\ntype: pipeline\n---\n## Steps\n\n1. **A** -> `apis/a/get-a.md`\n\n```text\n2. not -> `a step.md`\n```\n";
  assertEquals(parseFlow(text, "f.md").flow?.steps.length, 1);
});

Deno.test("parseFlow() reads Always: true on a step, and refuses any other value", () => {
  const text = (value: string) =>
    `---\ntype: pipeline\n---\n## Steps\n\n1. **Clean** -> \`apis/a/delete-a.md\`\n   - Always: ${value}\n`;
  assertEquals(parseFlow(text("true"), "f.md").flow?.steps[0].always, { line: 7 });
  assertEquals(parseFlow(text("`true`"), "f.md").flow?.steps[0].always, { line: 7 });
  assertEquals(parseFlow(text("false"), "f.md").flow?.steps[0].always, undefined);
  const bad = parseFlow(text("maybe"), "f.md").issues.find((i) => i.severity === "error");
  assertMatch(bad!.message, /Always must be true or false, got "maybe"/);
  const typo = parseFlow(text("true").replace("Always", "Alwyas"), "f.md").issues[0];
  assertMatch(typo.fix!, /Did you mean "Always"/);
});
