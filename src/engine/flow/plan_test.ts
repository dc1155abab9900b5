import { assertEquals, assertStringIncludes } from "@std/assert";
import { parseFlow } from "../parse/flow.ts";
import { capturesBefore, planFlow, referencedNames } from "./plan.ts";

function flow(steps: string) {
  const parsed = parseFlow(`---\ntype: pipeline\nname: t\n---\n## Steps\n\n${steps}`, "flows/t.md");
  if (!parsed.flow) throw new Error(JSON.stringify(parsed.issues));
  return parsed.flow;
}

const chain = flow(`1. **Create** -> \`apis/create.md\`
   - Capture: \`response.body.id\` as \`userId\`
   - Capture: \`response.headers.etag\` as \`etag\`
2. **Health** -> \`apis/health.md\`
3. **Read** -> \`apis/read.md\`
   - Inject: \`userId\`
4. **Update** -> \`apis/update.md\`
   - Assert: \`headers.etag: equals {{etag}}\`
5. **Again** -> \`apis/create.md\`
   - Capture: \`response.body.id\` as \`userId\`
6. **Read again** -> \`apis/read.md\`
`);

Deno.test("referencedNames() finds placeholders and path parameters", () => {
  assertEquals(referencedNames("path: /users/:userId\nGET {{baseUrl}}/users/:userId?x={{q}}"), [
    "baseUrl",
    "q",
    "userId",
  ]);
});

Deno.test("planFlow() links each step to the producers of what it uses", () => {
  const plan = planFlow(chain, [
    "POST {{baseUrl}}/users",
    "GET {{baseUrl}}/health",
    "GET {{baseUrl}}/users/:userId",
    "PUT {{baseUrl}}/users/1\nIf-Match: {{etag}}",
    "POST {{baseUrl}}/users",
    "GET {{baseUrl}}/users/:userId",
  ]);
  assertEquals(plan.steps.map((s) => s.dependsOn), [[], [], [0], [0], [], [4]]);
  assertEquals(plan.steps[5].uses, { userId: 4 });
  assertEquals(plan.issues, []);
});

Deno.test("planFlow() counts Inject and Assert even when the endpoint text is unknown", () => {
  const plan = planFlow(chain, []);
  assertEquals(plan.steps[2].dependsOn, [0]);
  assertEquals(plan.steps[3].uses, { etag: 0 });
});

Deno.test("planFlow() warns about an Inject the endpoint file never uses", () => {
  const plan = planFlow(chain, ["", "", "GET {{baseUrl}}/users/1", "", "", ""]);
  assertEquals(plan.issues.length, 1);
  assertEquals(plan.issues[0].severity, "warning");
  assertEquals(plan.issues[0].line, 12);
  assertStringIncludes(plan.issues[0].message, 'injects "userId"');
});

Deno.test("capturesBefore() keeps the nearest producer of each name", () => {
  assertEquals([...capturesBefore(chain, 5)], [["userId", 4], ["etag", 0]]);
  assertEquals([...capturesBefore(chain, 0)], []);
});
