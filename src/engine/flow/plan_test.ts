import { assertEquals, assertStringIncludes } from "@std/assert";
import { parseFlow } from "../parse/flow.ts";
import { type FlowFile, planFlow, type PlanNode, referencedNames, requestNodes } from "./plan.ts";

/** A flow file whose steps target keys named after their paths; `flows/` paths are sub-flows. */
function flowFile(file: string, steps: string): [string, FlowFile] {
  const parsed = parseFlow(`---\ntype: pipeline\nname: t\n---\n## Steps\n\n${steps}`, file);
  if (!parsed.flow) throw new Error(JSON.stringify(parsed.issues));
  const targets = parsed.flow.steps.map((s) => ({
    key: s.endpoint,
    kind: s.endpoint.startsWith("flows/") ? "flow" as const : "request" as const,
  }));
  return [file, { flow: parsed.flow, targets }];
}

function plan(files: [string, FlowFile][], endpoints: Record<string, string> = {}) {
  return planFlow(files[0][0], {
    flows: new Map(files),
    endpoints: new Map(Object.entries(endpoints)),
  });
}

const chain = flowFile(
  "flows/chain.md",
  `1. **Create** -> \`apis/create.md\`
   - Capture: \`response.body.id\` as \`userId\`
   - Capture: \`response.headers.etag\` as \`etag\`
2. **Health** -> \`apis/health.md\`
3. **Read** -> \`apis/read.md\`
   - Inject: \`userId\`
4. **Update** -> \`apis/update.md\`
   - Assert: \`headers.etag: equals {{etag}}\`
5. **Again** -> \`apis/create.md\`
   - Capture: \`response.body.id\` as \`userId\`
6. **Read again** -> \`apis/read2.md\`
`,
);

Deno.test("referencedNames() finds placeholders and path parameters", () => {
  assertEquals(referencedNames("path: /users/:userId\nGET {{baseUrl}}/users/:userId?x={{q}}"), [
    "baseUrl",
    "q",
    "userId",
  ]);
});

Deno.test("planFlow() links each step to the nearest producer of what it uses", () => {
  const result = plan([chain], {
    "apis/create.md": "POST {{baseUrl}}/users",
    "apis/health.md": "GET {{baseUrl}}/health",
    "apis/read.md": "GET {{baseUrl}}/users/:userId",
    "apis/update.md": "PUT {{baseUrl}}/users/1\nIf-Match: {{etag}}",
    "apis/read2.md": "GET {{baseUrl}}/users/:userId",
  });
  assertEquals(result.nodes.map((n) => n.dependsOn), [[], [], [0], [0], [], [4]]);
  assertEquals(result.nodes[5].uses, { userId: 4 });
  assertEquals(result.issues, []);
});

Deno.test("planFlow() counts Inject and Assert even when the endpoint text is unknown", () => {
  const result = plan([chain]);
  assertEquals(result.nodes[2].dependsOn, [0]);
  assertEquals(result.nodes[3].uses, { etag: 0 });
});

Deno.test("planFlow() warns about an Inject the endpoint file never uses", () => {
  const result = plan([chain], { "apis/read.md": "GET {{baseUrl}}/users/1" });
  assertEquals(result.issues.length, 1);
  assertEquals(result.issues[0].severity, "warning");
  assertEquals(result.issues[0].line, 12);
  assertStringIncludes(result.issues[0].message, 'injects "userId"');
});

const names = (nodes: PlanNode[]): string[] =>
  nodes.flatMap((n) => [`${n.id} ${n.name}`, ...names(n.children)]);

Deno.test("planFlow() expands sub-flows with nested names, and links across them", () => {
  const result = plan([
    flowFile(
      "flows/main.md",
      "1. **Log in** -> `flows/login.md`\n2. **Orders** -> `apis/orders.md`\n",
    ),
    flowFile(
      "flows/login.md",
      "1. **Token** -> `apis/token.md`\n   - Capture: `response.body.token` as `token`\n" +
        "2. **Me** -> `flows/me.md`\n",
    ),
    flowFile("flows/me.md", "1. **Profile** -> `apis/me.md`\n"),
  ], {
    "apis/orders.md": "GET /orders\nAuthorization: {{token}}",
    "apis/me.md": "GET /me {{token}}",
  });
  assertEquals(result.issues, []);
  assertEquals(names(result.nodes), [
    "1 Log in",
    "1.1 Log in › Token",
    "1.2 Log in › Me",
    "1.2.1 Log in › Me › Profile",
    "2 Orders",
  ]);
  assertEquals(result.nodes[0].produces, ["token"]);
  assertEquals(result.nodes[1].uses, { token: 0 });
  // Inside the sub-flow, the profile step waits for the token step.
  assertEquals(result.nodes[0].children[1].uses, { token: 0 });
  // The group needs nothing from outside: the token is captured inside it.
  assertEquals(result.nodes[0].needs, []);
  assertEquals(requestNodes(result.nodes).map((n) => n.id), ["1.1", "1.2.1", "2"]);
});

Deno.test("planFlow() refuses a flow that includes itself, naming the cycle and the line", () => {
  const cases: { files: [string, FlowFile][]; cycle: string; line: number; file: string }[] = [
    {
      files: [flowFile("flows/a.md", "1. **Me again** -> `flows/a.md`\n")],
      cycle: "flows/a.md → flows/a.md",
      line: 7,
      file: "flows/a.md",
    },
    {
      files: [
        flowFile("flows/a.md", "1. **Ok** -> `apis/x.md`\n2. **B** -> `flows/b.md`\n"),
        flowFile("flows/b.md", "1. **C** -> `flows/c.md`\n"),
        flowFile("flows/c.md", "1. **Back to A** -> `flows/a.md`\n"),
      ],
      cycle: "flows/a.md → flows/b.md → flows/c.md → flows/a.md",
      line: 7,
      file: "flows/c.md",
    },
  ];
  for (const { files, cycle, line, file } of cases) {
    const errors = plan(files).issues.filter((i) => i.severity === "error");
    assertEquals(errors.length, 1, cycle);
    assertEquals(errors[0].message, `Flow includes itself: ${cycle}`);
    assertEquals([errors[0].file, errors[0].line], [file, line]);
  }
});

Deno.test("planFlow() rejects lines that read a response on a sub-flow step, and unknown injects", () => {
  const cases: [string, RegExp, number][] = [
    ["1. **L** -> `flows/l.md`\n   - Capture: `response.body.id` as `x`\n", /Capture does not/, 8],
    ["1. **L** -> `flows/l.md`\n   - Assert: `status: 200`\n", /Assert does not apply/, 8],
    ["1. **L** -> `flows/l.md`\n   - Until: `body.done: equals true`\n", /Until does not/, 8],
    ["1. **A** -> `apis/a.md`\n   - Inject: `ghost`\n", /injects "ghost", which no earlier/, 8],
  ];
  for (const [steps, message, line] of cases) {
    const errors = plan([
      flowFile("flows/x.md", steps),
      flowFile("flows/l.md", "1. **Inner** -> `apis/i.md`\n"),
    ]).issues.filter((i) => i.severity === "error");
    assertEquals(errors.length, 1, steps);
    assertEquals(message.test(errors[0].message), true, errors[0].message);
    assertEquals(errors[0].line, line);
  }
});

Deno.test("planFlow() takes loop, condition and poll variables as needs, but not the loop's own", () => {
  const result = plan([
    flowFile(
      "flows/x.md",
      "1. **List** -> `apis/list.md`\n   - Capture: `response.body.items` as `users`\n" +
        "   - Capture: `response.body.role` as `role`\n" +
        "2. **Each** -> `apis/get.md`\n   - For each: `users` as `user`\n" +
        "   - When: `role: equals admin`\n   - Until: `body.state: equals {{wanted}}`\n",
    ),
  ], { "apis/get.md": "GET /users/{{user.id}}" });
  assertEquals(result.issues, []);
  assertEquals(result.nodes[1].needs.sort(), ["role", "users", "wanted"]);
  assertEquals(result.nodes[1].uses, { users: 0, role: 0 });
});
