/**
 * `For each` over array variables through the real CLI against a loopback
 * API: element fields as `{{item.field}}`, captures as arrays, empty and
 * oversized arrays, a failing run, loops over sub-flows, dry runs.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { FLOW_ENDPOINTS, flowApi } from "./api.ts";
import { flowFile, type FlowJson, outcomes } from "./helpers.ts";

const LIST = {
  name: "List",
  endpoint: "apis/users/get-users.md",
  lines: ["Capture: `response.body.items` as `users`"],
};

Deno.test("For each runs a step per element of a captured list; captures inside become arrays", async () => {
  await using server = flowApi();
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/f.md": flowFile([
      LIST,
      {
        name: "Read",
        endpoint: "apis/users/get-user.md",
        lines: [
          "For each: `users` as `user`",
          "Capture: `response.body.name` as `names`",
          "Capture: `response.body.id` as `ids`",
        ],
      },
      // A loop over the previous loop's capture.
      {
        name: "Delete",
        endpoint: "apis/users/delete-user.md",
        lines: ["For each: `ids` as `id`"],
      },
    ], { parallel: true }),
  }));
  const result = await apispec(["flow", "api-docs/flows/f.md", "--output=json"], { cwd: ws.dir });
  assertEquals(result.code, 0, result.stderr);
  const output = json<FlowJson>(result);
  assertEquals(outcomes(output.steps), [
    "List: passed",
    "Read [1]: passed",
    "Read [2]: passed",
    "Read [3]: passed",
    "Delete [1]: passed",
    "Delete [2]: passed",
    "Delete [3]: passed",
  ]);
  assertEquals(JSON.parse(output.captures.names), ["Ada", "Alan", "Grace"]);
  assertEquals(JSON.parse(output.captures.ids), [1, 2, 3]);
  // Iterations run one after another, in order, even in a parallel flow.
  assertEquals(server.requests.map((r) => `${r.method} ${r.path}`), [
    "GET /users",
    "GET /users/1",
    "GET /users/2",
    "GET /users/3",
    "DELETE /users/1",
    "DELETE /users/2",
    "DELETE /users/3",
  ]);
});

Deno.test("For each over an empty list skips the step without failing; over 1,000 elements fails it", async () => {
  await using server = flowApi();
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/empty.md": flowFile([
      {
        name: "Nobody",
        endpoint: "apis/users/get-empty.md",
        lines: ["Capture: `response.body.items` as `users`"],
      },
      {
        name: "Read",
        endpoint: "apis/users/get-user.md",
        lines: ["For each: `users` as `user`", "Capture: `response.body.id` as `ids`"],
      },
      { name: "Delete", endpoint: "apis/users/delete-user.md", lines: ["For each: `ids` as `id`"] },
    ]),
    "flows/many.md": flowFile([
      {
        name: "Many",
        endpoint: "apis/users/get-many.md",
        lines: ["Capture: `response.body.items` as `users`"],
      },
      { name: "Read", endpoint: "apis/users/get-user.md", lines: ["For each: `users` as `user`"] },
    ]),
  }));
  const empty = await apispec(["flow", "api-docs/flows/empty.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(empty.code, 0, empty.stderr);
  const output = json<FlowJson>(empty);
  assertEquals(output.passed, true);
  assertEquals(outcomes(output.steps), ["Nobody: passed", "Read: skipped", "Delete: skipped"]);
  assertEquals(output.steps[1].passed, true);
  assertStringIncludes(output.steps[1].hint!, "`users` is empty");
  assertEquals(output.captures.ids, "[]");

  const many = await apispec(["flow", "api-docs/flows/many.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(many.code, 1, many.stderr);
  const read = json<FlowJson>(many).steps[1];
  assertEquals([read.name, read.passed, read.error_type], ["Read", false, "CONTRACT_MISMATCH"]);
  assertStringIncludes(read.hint!, "`users` has 1001 elements; the limit is 1000");
  assertEquals(server.requests.map((r) => r.path), ["/empty", "/many"]);
});

Deno.test("a failing run stops the loop unless continue-on-error; the dependents are skipped", async () => {
  await using server = flowApi();
  const files = (continueOnError: boolean) =>
    collectionFiles(server.url, {
      ...FLOW_ENDPOINTS,
      "flows/f.md": flowFile([
        {
          name: "Read",
          endpoint: "apis/users/get-user-by-id.md",
          lines: ["For each: `ids` as `userId`", "Capture: `response.body.name` as `names`"],
        },
        { name: "Use names", endpoint: "apis/echo/get-names.md", lines: ["Inject: `names`"] },
      ], { continueOnError }),
      "apis/echo/get-names.md": endpoint({
        path: "/echo",
        request: "GET {{baseUrl}}/echo?names={{names}}",
      }),
    });
  await using ws = await workspace(files(false));
  const args = ["flow", "api-docs/flows/f.md", "--var", "ids=[1, 99, 3]", "--output=json"];
  const stopped = await apispec(args, { cwd: ws.dir });
  assertEquals(stopped.code, 1, stopped.stderr);
  assertEquals(outcomes(json<FlowJson>(stopped).steps), [
    "Read [1]: passed",
    "Read [2]: failed CONTRACT_MISMATCH",
    "Read [3]: skipped",
    "Use names: skipped",
  ]);
  await ws.write("api-docs/flows/f.md", files(true)["api-docs/flows/f.md"]);
  const onwards = await apispec(args, { cwd: ws.dir });
  assertEquals(onwards.code, 0, onwards.stderr);
  const steps = json<FlowJson>(onwards).steps;
  assertEquals(outcomes(steps), [
    "Read [1]: passed",
    "Read [2]: failed CONTRACT_MISMATCH",
    "Read [3]: passed",
    "Use names: skipped",
  ]);
  assertStringIncludes(steps[3].hint!, 'needs "names" from step "Read", which failed');
});

Deno.test("For each runs a sub-flow per element, and a dry run expands loops whose list is known", async () => {
  await using server = flowApi();
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/check-user.md": flowFile([
      { name: "Read", endpoint: "apis/users/get-user.md" },
      { name: "Delete", endpoint: "apis/users/delete-user.md" },
    ]),
    "flows/f.md": flowFile([
      {
        name: "Per user",
        endpoint: "flows/check-user.md",
        lines: ["For each: `people` as `user`"],
      },
      LIST,
      {
        name: "Each listed",
        endpoint: "apis/users/get-user.md",
        lines: ["For each: `users` as `user`"],
      },
    ]),
  }));
  const people = '[{"id": 2}, {"id": 3}]';
  const run = await apispec([
    "flow",
    "api-docs/flows/f.md",
    "--var",
    `people=${people}`,
    "--var",
    "id=2",
    "--output=json",
  ], { cwd: ws.dir });
  assertEquals(run.code, 0, run.stderr);
  assertEquals(outcomes(json<FlowJson>(run).steps).slice(0, 4), [
    "Per user [1] › Read: passed",
    "Per user [1] › Delete: passed",
    "Per user [2] › Read: passed",
    "Per user [2] › Delete: passed",
  ]);
  server.requests.length = 0;

  const dry = await apispec([
    "flow",
    "api-docs/flows/f.md",
    "--var",
    `people=${people}`,
    "--var",
    "id=2",
    "--dry-run",
  ], { cwd: ws.dir });
  assertEquals(dry.code, 0, dry.stderr);
  assertStringIncludes(dry.stdout, `○ Per user [2] › Read  GET ${server.url}/users/3`);
  assertStringIncludes(dry.stdout, `○ Each listed [*]  GET ${server.url}/users/__user.id__`);
  assertStringIncludes(dry.stdout, "For each user in users: the count is known when the run");
  assertEquals(server.requests.length, 0);
});
