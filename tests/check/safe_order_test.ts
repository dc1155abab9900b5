/**
 * `check` against a real stateful API: the specs of one resource run one at
 * a time, reads first, while different resources overlap; nothing fails
 * falsely and no write is lost. Overlap is read from the API's own request
 * intervals, never from wall time.
 */
import { assert, assertEquals, assertGreater } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { type Interval, overlaps, startRecordsApi } from "../helpers/records_api.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile } from "../flow/helpers.ts";

const isRead = (i: Interval) => ["GET", "HEAD", "OPTIONS"].includes(i.method);

const JSON_OK = (body: string) => `HTTP/1.1 200 OK\nContent-Type: application/json\n\n${body}`;

function write(method: string, path: string, body: string, expected: string, resource: string) {
  return endpoint({
    method,
    path,
    resource,
    request: `${method} {{baseUrl}}${path}\nContent-Type: application/json\n\n${body}`,
    expected,
  });
}

const COLLECTION = {
  "apis/posts/get-post.md": endpoint({
    path: "/posts/1",
    resource: "posts",
    expected: JSON_OK('{"id": 1, "title": "first"}'),
    sections: "\n## Assertions\n\n- body.title: equals first\n",
  }),
  "apis/posts/put-post.md": write(
    "PUT",
    "/posts/1",
    '{"title": "put", "body": "kept"}',
    JSON_OK('{"id": 1, "title": "put"}'),
    "posts",
  ),
  "apis/posts/patch-post.md": endpoint({
    method: "PATCH",
    path: "/posts/1",
    resource: "posts",
    request: 'PATCH {{baseUrl}}/posts/1\nContent-Type: application/json\n\n{"title": "patched"}',
    expected: JSON_OK('{"id": 1, "title": "patched", "body": "kept"}'),
    sections: "\n## Assertions\n\n- body.body: equals kept\n",
  }),
  "apis/posts/delete-post.md": endpoint({
    method: "DELETE",
    path: "/posts/1",
    resource: "posts",
    expected: "HTTP/1.1 204 No Content",
  }),
  "apis/posts/get-created.md": endpoint({
    path: "/posts/:postId",
    resource: "posts",
    frontmatter: "standalone: false\n",
    expected: JSON_OK('{"id": 1, "title": "new"}'),
  }),
  "apis/posts/delete-created.md": endpoint({
    method: "DELETE",
    path: "/posts/:postId",
    resource: "posts",
    frontmatter: "standalone: false\n",
    expected: "HTTP/1.1 204 No Content",
  }),
  "apis/posts/post-post.md": write(
    "POST",
    "/posts",
    '{"title": "new"}',
    'HTTP/1.1 201 Created\nContent-Type: application/json\n\n{"id": 1}',
    "posts",
  ),
  "apis/users/get-user.md": endpoint({
    path: "/users/1",
    resource: "users",
    expected: JSON_OK('{"id": 1}'),
  }),
  "apis/users/put-user.md": write(
    "PUT",
    "/users/1",
    '{"name": "Ada"}',
    JSON_OK('{"id": 1}'),
    "users",
  ),
  "apis/comments/get-comment.md": endpoint({
    path: "/comments/7",
    resource: "comments",
    expected: JSON_OK('{"id": 7}'),
  }),
  "apis/comments/delete-comment.md": endpoint({
    method: "DELETE",
    path: "/comments/7",
    resource: "comments",
    expected: "HTTP/1.1 204 No Content",
  }),
  "apis/tags/get-tag.md": endpoint({
    path: "/tags/3",
    resource: "tags",
    expected: JSON_OK('{"id": 3}'),
  }),
  "flows/post-lifecycle.md": flowFile([
    {
      name: "Create",
      endpoint: "apis/posts/post-post.md",
      lines: ["Capture: `response.body.id` as `postId`"],
    },
    { name: "Read", endpoint: "apis/posts/get-created.md" },
    { name: "Delete", endpoint: "apis/posts/delete-created.md" },
  ]),
};

const SEED = {
  "posts/1": { id: 1, title: "first" },
  "users/1": { id: 1, name: "Grace" },
  "comments/7": { id: 7, text: "hi" },
  "tags/3": { id: 3, label: "news" },
};

interface CheckJson {
  passed: boolean;
  summary: { total: number; passed: number; failed: number; skipped: number };
  endpoints: { file: string; passed: boolean; skipped?: boolean; hint: string }[];
  flows: { file: string; passed: boolean }[];
}

async function checkOnce(concurrency?: string) {
  await using api = startRecordsApi(SEED, { holdMs: 100 });
  await using ws = await workspace(collectionFiles(api.url, COLLECTION));
  const result = await apispec([
    "check",
    "api-docs",
    "--report",
    "json",
    "--strict-assertions",
    ...(concurrency ? ["--concurrency", concurrency] : []),
  ], { cwd: ws.dir });
  return { result, report: json<CheckJson>(result), api };
}

Deno.test("check runs GET/PUT/PATCH/DELETE of one record in order beside other resources: no false failure, no lost write", async () => {
  const { result, report, api } = await checkOnce();
  assertEquals(result.code, 0, result.stdout + result.stderr);
  assertEquals(report.summary, { total: 13, passed: 11, failed: 0, skipped: 2 });
  const skipped = report.endpoints.filter((e) => e.skipped).map((e) => [e.file, e.hint]);
  assertEquals(skipped, [
    [
      "api-docs/apis/posts/delete-created.md",
      "Skipped: runs only inside flows (standalone: false)",
    ],
    ["api-docs/apis/posts/get-created.md", "Skipped: runs only inside flows (standalone: false)"],
  ]);

  // Every write landed on the record it meant, in order; the created post came and went.
  assertEquals(api.journal.get("posts/1"), [
    { id: 1, title: "first" },
    { id: 1, title: "put", body: "kept" },
    { id: 1, title: "patched", body: "kept" },
    null,
  ]);
  assertEquals(api.journal.get("users/1"), [{ id: 1, name: "Grace" }, { id: 1, name: "Ada" }]);
  assertEquals(api.journal.get("comments/7"), [{ id: 7, text: "hi" }, null]);
  assertEquals(api.journal.get("posts/1000"), [{ title: "new", id: 1000 }]);
  assertEquals(api.journal.get("posts/1001"), [{ title: "new", id: 1001 }, null]);
  assertEquals(api.intervals.filter((i) => i.status === 404), []);

  // A write never overlaps anything of its resource; reads first, the flow after the specs of
  // its resource.
  const pairs = overlaps(api.intervals);
  assertEquals(
    pairs.filter(([a, b]) => a.resource === b.resource && !(isRead(a) && isRead(b))).map((
      [a, b],
    ) => `${a.method} ${a.path} / ${b.method} ${b.path}`),
    [],
  );
  assertGreater(pairs.length, 0, "different resources never overlapped with concurrency on");
  const posts = api.intervals.filter((i) => i.resource === "posts").sort((a, b) =>
    a.start - b.start
  );
  assertEquals(posts.map((i) => `${i.method} ${i.path}`), [
    "GET /posts/1",
    "POST /posts",
    "PUT /posts/1",
    "PATCH /posts/1",
    "DELETE /posts/1",
    "POST /posts",
    "GET /posts/1001",
    "DELETE /posts/1001",
  ]);
});

Deno.test("check --concurrency 1 sends one request at a time and reports in the same order", async () => {
  const sequential = await checkOnce("1");
  const concurrent = await checkOnce();
  assertEquals(sequential.result.code, 0, sequential.result.stdout + sequential.result.stderr);
  assertEquals(overlaps(sequential.api.intervals), []);
  const rows = (r: CheckJson) => [
    ...r.endpoints.map((e) => [e.file, e.passed, e.skipped ?? false]),
    ...r.flows.map((f) => [f.file, f.passed]),
  ];
  assertEquals(rows(sequential.report), rows(concurrent.report));
  const files = sequential.report.endpoints.map((e) => e.file);
  assertEquals(files, [...files].sort());
  assert(sequential.report.flows.length === 1);
});

Deno.test("check runs the reads of one resource side by side and its DELETE after every one has its answer", async () => {
  const reads = Object.fromEntries(
    Array.from({ length: 6 }, (_, i) => [
      `apis/users/get-user-${i + 1}.md`,
      endpoint({ path: `/users/${i + 1}`, resource: "users", expected: JSON_OK('{"id": 1}') }),
    ]),
  );
  const seed = Object.fromEntries(
    Array.from({ length: 6 }, (_, i) => [`users/${i + 1}`, { id: i + 1 }]),
  );
  await using api = startRecordsApi(seed, { holdMs: 100 });
  await using ws = await workspace(collectionFiles(api.url, {
    ...reads,
    "apis/users/delete-user.md": endpoint({
      method: "DELETE",
      path: "/users/3",
      resource: "users",
      expected: "HTTP/1.1 204 No Content",
    }),
  }));
  const result = await apispec(["check", "api-docs", "--report", "json"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stdout + result.stderr);
  const pairs = overlaps(api.intervals);
  // The server saw reads of users in flight together...
  assertGreater(pairs.filter(([a, b]) => isRead(a) && isRead(b)).length, 0);
  // ...and the DELETE alone, after every read had its answer.
  assertEquals(pairs.filter(([a, b]) => !isRead(a) || !isRead(b)), []);
  const remove = api.intervals.find((i) => i.method === "DELETE")!;
  assert(api.intervals.filter(isRead).every((r) => r.end <= remove.start));
  assertEquals(api.intervals.filter((i) => i.status === 404), []);
});
