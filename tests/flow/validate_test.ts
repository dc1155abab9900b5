/**
 * `apispec validate` on flows that use the composable lines: every mistake
 * is reported with its file, line and a fix, through the real CLI.
 */
import { assertEquals } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";
import { FLOW_ENDPOINTS } from "./api.ts";
import { flowFile } from "./helpers.ts";

interface Report {
  issues: { file: string; line: number; message: string; fix: string; severity: string }[];
}

Deno.test("validate reports each mistake in loop, condition, polling, delay, sub-flow and data lines", async () => {
  const flow = flowFile([
    {
      name: "Poll",
      endpoint: "apis/jobs/get-job.md", // line 13
      lines: [
        "Untill: `body.status: equals done`", // 14
        "Every: `soon`", // 15
        "Times: `0`", // 16
      ],
    },
    {
      name: "Loop",
      endpoint: "apis/users/get-user.md", // 17
      lines: [
        "For each: `users`", // 18
        "When: `role equals admin`", // 19
        "Delay: `-5ms`", // 20
        "Every: `1s`", // 21
      ],
    },
    {
      name: "Sub-flow",
      endpoint: "flows/other.md", // 22
      lines: ["Capture: `response.body.id` as `id`"], // 23
    },
    { name: "Gone", endpoint: "flows/gone.md" }, // 24
    { name: "Note", endpoint: "apis/users/get-users.md", lines: ["Note: free text is fine"] }, // 26
  ], { data: "data/nope.csv" }); // line 6
  await using ws = await workspace(collectionFiles("http://127.0.0.1:1", {
    ...FLOW_ENDPOINTS,
    "flows/bad.md": flow,
    "flows/other.md": flowFile([{ name: "Inner", endpoint: "apis/users/get-users.md" }]),
  }));
  const result = await apispec(["validate", "api-docs/flows/bad.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 2, result.stderr);
  const issues = json<Report>(result).issues;
  const found = issues.map((i) => `${i.severity} ${i.line}: ${i.message}`);
  assertEquals(found, [
    'error 14: Unknown step property "Untill"',
    'error 15: Every: cannot read "soon" as a duration (a number with ms, s or m)',
    'error 16: Times must be a whole number from 1 to 1000, got "0"',
    'error 18: For each "users" has no "as"',
    'error 19: Cannot parse condition "role equals admin"',
    'error 20: Delay: cannot read "-5ms" as a duration (a number with ms, s or m)',
    'warning 26: Unknown step property "Note" is ignored',
    'error 21: Every without Until on step "Loop"',
    'error 24: Step "Gone" cannot run: it points at flows/gone.md, which does not exist',
    'error 23: Step "Sub-flow" runs a flow: Capture does not apply',
    "error 6: Data file api-docs/data/nope.csv does not exist",
  ]);
  for (const issue of issues) {
    assertEquals(issue.file, "api-docs/flows/bad.md");
    assertEquals(issue.fix.length > 10, true, issue.message);
  }
  assertEquals(issues[0].fix.startsWith('Did you mean "Until"?'), true);
});
