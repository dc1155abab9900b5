import { assertEquals } from "@std/assert";
import { summarizeFile } from "./summary.ts";

const endpointText = `---
resource: users
protocol: http
method: get
path: /users/:id
version: 1
tags: [users, read]
---

# Get user by id

Reads one user.
Second line of the same paragraph.

## Request

\`\`\`http
GET {{baseUrl}}/users/:id
\`\`\`
`;

Deno.test("summarizeFile() reads method, path, tags, title and first paragraph", () => {
  assertEquals(summarizeFile(endpointText, "apis/users/get-user.md", "endpoint"), {
    kind: "endpoint",
    file: "apis/users/get-user.md",
    title: "Get user by id",
    description: "Reads one user. Second line of the same paragraph.",
    method: "GET",
    path: "/users/:id",
    resource: "users",
    tags: ["users", "read"],
    name: "get-user",
  });
});

Deno.test("summarizeFile() falls back to METHOD path without a title", () => {
  const text = "---\nresource: a\nmethod: POST\npath: /a\n---\n\n## Request\n";
  assertEquals(summarizeFile(text, "apis/a/post-a.md", "endpoint")?.title, "POST /a");
});

Deno.test("summarizeFile() ignores a # line inside a fenced block", () => {
  const text = "---\nmethod: GET\npath: /a\n---\n```sh\n# not a title\n```\n# Real\n";
  assertEquals(summarizeFile(text, "a.md", "endpoint")?.title, "Real");
});

Deno.test("summarizeFile() refuses files without frontmatter or with a bad method", () => {
  assertEquals(summarizeFile("# Just text\n", "a.md", "endpoint"), undefined);
  assertEquals(summarizeFile("---\nmethod: FETCH\npath: /a\n---\n", "a.md", "endpoint"), undefined);
  assertEquals(summarizeFile("---\nmethod: [\n---\n", "a.md", "endpoint"), undefined);
});

Deno.test("summarizeFile() names a flow by its frontmatter name", () => {
  const text = "---\ntype: pipeline\nname: onboarding\ndescription: Sign up\n---\n# Onboarding\n";
  const summary = summarizeFile(text, "flows/user-onboarding.md", "flow");
  assertEquals([summary?.name, summary?.title, summary?.description], [
    "onboarding",
    "Onboarding",
    "Sign up",
  ]);
});
