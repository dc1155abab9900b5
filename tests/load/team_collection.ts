/**
 * A composed flow for the load-export tests: a sub-flow (sign up, then read
 * back), a loop over a captured list (finish each task), a `When` (only
 * admins read the audit), a `Delay`, an `Until` (wait for `ready`) and a CSV
 * data file (one person per row, with a column holding a JSON list another
 * loop goes over), against `team_api.ts`.
 */
import { endpoint } from "../helpers/workspace.ts";
import { flowFile } from "../flow/helpers.ts";

export const TEAM_TOKEN = "team-load-token-51c9";

export const PEOPLE = [
  { name: "Ada Lovelace", role: "admin", skills: ["math", "code"] },
  { name: "Alan Turing", role: "member", skills: ["crypto"] },
  { name: "Grace Hopper", role: "member", skills: [] },
];

const csvCell = (text: string) => `"${text.replaceAll('"', '""')}"`;

const JSON_BODY = "Content-Type: application/json";

export const TEAM_COLLECTION: Record<string, string> = {
  "data/people.csv": "name,role,skills\n" +
    PEOPLE.map((p) => [p.name, p.role, JSON.stringify(p.skills)].map(csvCell).join(",")).join(
      "\n",
    ) +
    "\n",
  "apis/users/post-user.md": endpoint({
    method: "POST",
    path: "/users",
    frontmatter: "auth: bearer\nstandalone: false\n",
    request: `POST {{baseUrl}}/users\n${JSON_BODY}\n\n{"name": "{{name}}", "role": "{{role}}"}`,
    expected: `HTTP/1.1 201 Created\n${JSON_BODY}\n\n{"id": 1, "name": "Ada", "role": "admin"}`,
    title: "Create user",
  }),
  "apis/users/get-user.md": endpoint({
    path: "/users/:userId",
    frontmatter: "standalone: false\n",
    expected: `HTTP/1.1 200 OK\n${JSON_BODY}\n\n{"id": 1, "name": "Ada"}`,
    title: "Read user",
  }),
  "apis/tasks/get-tasks.md": endpoint({
    path: "/users/:userId/tasks",
    resource: "tasks",
    frontmatter: "standalone: false\n",
    expected: `HTTP/1.1 200 OK\n${JSON_BODY}\n\n{"items": [{"id": 11}]}`,
    title: "List tasks",
  }),
  "apis/tasks/post-done.md": endpoint({
    method: "POST",
    path: "/users/:userId/tasks/{{task.id}}/done",
    resource: "tasks",
    frontmatter: "standalone: false\n",
    expected: "HTTP/1.1 204 No Content",
    title: "Finish task",
  }),
  "apis/users/put-skill.md": endpoint({
    method: "PUT",
    path: "/users/:userId/skills/{{skill}}",
    frontmatter: "standalone: false\n",
    expected: "HTTP/1.1 204 No Content",
    title: "Add skill",
  }),
  "apis/users/get-audit.md": endpoint({
    path: "/users/:userId/audit",
    frontmatter: "standalone: false\n",
    expected: `HTTP/1.1 200 OK\n${JSON_BODY}\n\n{"user": 1}`,
    title: "Read audit",
  }),
  "apis/users/get-status.md": endpoint({
    path: "/users/:userId/status",
    frontmatter: "standalone: false\n",
    expected: `HTTP/1.1 200 OK\n${JSON_BODY}\n\n{"state": "pending"}`,
    title: "Read status",
  }),
  "flows/sign-up.md": flowFile([
    {
      name: "Create",
      endpoint: "apis/users/post-user.md",
      lines: ["Capture: `response.body.id` as `userId`"],
    },
    {
      name: "Read back",
      endpoint: "apis/users/get-user.md",
      lines: ['Assert: `body.name: equals "{{name}}"`'],
    },
  ], { title: "Sign up" }),
  "flows/team-load.md": flowFile([
    { name: "Sign up", endpoint: "flows/sign-up.md" },
    {
      name: "List tasks",
      endpoint: "apis/tasks/get-tasks.md",
      lines: ["Capture: `response.body.items` as `tasks`"],
    },
    {
      name: "Finish task",
      endpoint: "apis/tasks/post-done.md",
      lines: ["For each: `tasks` as `task`", "Delay: `20ms`"],
    },
    {
      name: "Add skill",
      endpoint: "apis/users/put-skill.md",
      lines: ["For each: `skills` as `skill`"],
    },
    {
      name: "Audit",
      endpoint: "apis/users/get-audit.md",
      lines: ["When: `role: equals admin`"],
    },
    {
      name: "Wait ready",
      endpoint: "apis/users/get-status.md",
      lines: ["Until: `body.state: equals ready`", "Every: `20ms`", "Times: `5`"],
    },
  ], { data: "data/people.csv", title: "Team load" }),
};
