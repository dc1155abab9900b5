/**
 * Data-driven runs from CSV, JSON and JSON Lines through the real CLI against
 * a loopback API: one run per row, the row's columns as variables, the
 * per-row JSON, console and JUnit shapes, a failing row among passing ones,
 * malformed files.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";
import { FLOW_ENDPOINTS, flowApi } from "./api.ts";
import { type DataFlowJson, flowFile, outcomes } from "./helpers.ts";

const ECHO = flowFile([{
  name: "Echo",
  endpoint: "apis/echo/get-echo.md",
  lines: ["Capture: `response.body.name` as `echoed`"],
}], { data: "data/people.csv" });

const CSV = 'name,email\nAda,ada@example.com\n"Hopper, Grace",grace@example.com\n';

Deno.test("data: in the flow runs it once per CSV row; columns are variables; JSON per row", async () => {
  await using server = flowApi();
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/echo.md": ECHO,
    "data/people.csv": CSV,
  }));
  const result = await apispec(["flow", "api-docs/flows/echo.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(result.code, 0, result.stderr);
  const output = json<DataFlowJson>(result);
  assertEquals(output.passed, true);
  assertEquals(output.iterations.map((row) => [row.data, row.passed, row.captures]), [
    [{ name: "Ada", email: "ada@example.com" }, true, { echoed: "Ada" }],
    [{ name: "Hopper, Grace", email: "grace@example.com" }, true, { echoed: "Hopper, Grace" }],
  ]);
  assertEquals(output.iterations.map((row) => outcomes(row.steps)), [
    ["Echo: passed"],
    ["Echo: passed"],
  ]);
  assertEquals(server.requests.map((r) => r.path), [
    "/echo?name=Ada&email=ada@example.com",
    "/echo?name=Hopper,%20Grace&email=grace@example.com",
  ]);
});

Deno.test("--data beats data:, reads JSON and JSON Lines, and --var still beats a column", async () => {
  await using server = flowApi();
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/echo.md": ECHO,
    "data/people.csv": CSV,
    "rows.json": '[{"name": "Alan", "email": "alan@example.com"}, {"name": "Ada", "email": 7}]',
    "rows.jsonl":
      '{"name": "Linus", "email": "l@example.com"}\n\n{"name": "Ken", "email": "k@x"}\n',
  }));
  for (const [file, names] of [["rows.json", ["Alan", "Ada"]], ["rows.jsonl", ["Linus", "Ken"]]]) {
    const result = await apispec([
      "flow",
      "api-docs/flows/echo.md",
      "--data",
      file as string,
      "--output=json",
    ], { cwd: ws.dir });
    assertEquals(result.code, 0, result.stderr);
    assertEquals(json<DataFlowJson>(result).iterations.map((row) => row.captures.echoed), names);
  }
  assertStringIncludes(server.requests[1].path, "email=7");
  const overridden = await apispec([
    "flow",
    "api-docs/flows/echo.md",
    "--var",
    "name=Everyone",
    "--output=json",
  ], { cwd: ws.dir });
  assertEquals(
    json<DataFlowJson>(overridden).iterations.map((row) => row.captures.echoed),
    ["Everyone", "Everyone"],
  );
});

Deno.test("a failing row among passing ones: exit 1, every row runs, console heads each row, JUnit a suite per row", async () => {
  await using server = flowApi();
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/read.md": flowFile([
      { name: "Read", endpoint: "apis/users/get-user-by-id.md" },
      { name: "List", endpoint: "apis/users/get-users.md" },
    ], { data: "data/ids.csv" }),
    "data/ids.csv": "userId,apiToken\n1,secret-one\n99,secret-two\n3,secret-three\n",
  }));
  const jsonRun = await apispec(["flow", "api-docs/flows/read.md", "--output=json"], {
    cwd: ws.dir,
  });
  assertEquals(jsonRun.code, 1, jsonRun.stderr);
  const output = json<DataFlowJson>(jsonRun);
  assertEquals(output.passed, false);
  assertEquals(output.iterations.map((row) => [row.passed, ...outcomes(row.steps)]), [
    [true, "Read: passed", "List: passed"],
    [false, "Read: failed CONTRACT_MISMATCH", "List: skipped"],
    [true, "Read: passed", "List: passed"],
  ]);
  // A secret-named column is masked in the output.
  assertEquals(output.iterations[1].data, { userId: "99", apiToken: "****" });
  assertEquals(jsonRun.stdout.includes("secret-two"), false);
  // Every request of every row is in its spec's history: 3 reads, 2 lists (row 2 stopped early).
  const history = (spec: string) =>
    ws.read(`.apispec/history/apis/users/${spec}.jsonl`).then((t) =>
      t.trim().split("\n").map((l) => JSON.parse(l).passed)
    );
  assertEquals(await history("get-user-by-id"), [true, false, true]);
  assertEquals(await history("get-users"), [true, true]);

  const console_ = await apispec(["flow", "api-docs/flows/read.md"], { cwd: ws.dir });
  assertEquals(console_.code, 1);
  assertStringIncludes(console_.stdout, "3 data rows");
  assertStringIncludes(console_.stdout, "ROW 2/3  userId=99  apiToken=****");
  assertStringIncludes(console_.stdout, "✗ 3 rows: 2 passed, 1 failed");

  const junit = await apispec(["flow", "api-docs/flows/read.md", "--output=junit"], {
    cwd: ws.dir,
  });
  assertEquals(junit.code, 1);
  assertEquals(junit.stdout.match(/<testsuite /g)?.length, 3);
  assertStringIncludes(
    junit.stdout,
    'testsuite name="api-docs/flows/read.md [row 2]" tests="2" failures="1" skipped="1"',
  );
});

Deno.test("malformed or missing data files are invalid input (exit 2) naming file and line, before any request", async () => {
  await using server = flowApi();
  const cases: [string, string, string][] = [
    ["bad.csv", "name,email\nAda,a@x\nGrace,g@x,extra\n", "data/bad.csv:3"],
    ["bad.json", '[\n  {"name": "Ada"},\n  {"name": \n]\n', "data/bad.json:4"],
    ["bad.jsonl", '{"name": "Ada"}\n{"name": "Grace"\n', "data/bad.jsonl:2"],
    ["items.json", '[\n  {"name": "Ada"},\n  "Grace"\n]\n', "data/items.json:3"],
  ];
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/echo.md": ECHO,
    ...Object.fromEntries(cases.map(([name, text]) => [`data/${name}`, text])),
    "flows/missing.md": ECHO.replace("data/people.csv", "data/nope.csv"),
  }));
  for (const [name, , where] of cases) {
    const result = await apispec([
      "flow",
      "api-docs/flows/echo.md",
      "--data",
      `api-docs/data/${name}`,
    ], {
      cwd: ws.dir,
    });
    assertEquals(result.code, 2, `${name}: ${result.stderr}`);
    assertStringIncludes(result.stderr, `Cannot read data file api-docs/${where.split(":")[0]}`);
    assertStringIncludes(result.stderr, `--> api-docs/${where}`);
  }
  for (const command of ["validate", "flow"]) {
    const missing = await apispec([command, "api-docs/flows/missing.md"], { cwd: ws.dir });
    assertEquals(missing.code, 2, missing.stderr);
    assertStringIncludes(missing.stderr, "Data file api-docs/data/nope.csv does not exist");
    assertStringIncludes(missing.stderr, "--> api-docs/flows/missing.md:6");
  }
  assertEquals(server.requests.length, 0);
});

Deno.test("a column a step needs but the data file lacks stops the run before any request", async () => {
  await using server = flowApi();
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/echo.md": ECHO,
    "data/people.csv": "name\nAda\n",
  }));
  const result = await apispec(["flow", "api-docs/flows/echo.md"], { cwd: ws.dir });
  assertEquals(result.code, 2);
  assertStringIncludes(result.stderr, 'Variable "email" is not defined');
  assert(!result.stdout.includes("ROW 1"), result.stdout);
  assertEquals(server.requests.length, 0);
});

Deno.test("data: may not read outside the project (links included); inside it, beside api-docs/, it may", async () => {
  await using server = flowApi();
  await using outside = await workspace({ "secrets.csv": "name,email\nroot,hunter2\n" });
  const escaping = flowFile([{ name: "Echo", endpoint: "apis/echo/get-echo.md", lines: [] }], {
    // Relative to the flow (it starts with ../): both temp folders share a parent.
    data: `../../../${outside.dir.split("/").pop()}/secrets.csv`,
  });
  await using ws = await workspace(collectionFiles(server.url, {
    ...FLOW_ENDPOINTS,
    "flows/escape.md": escaping,
    "flows/linked.md": flowFile([{ name: "Echo", endpoint: "apis/echo/get-echo.md", lines: [] }], {
      data: "data/linked.csv",
    }),
    "flows/beside.md": flowFile([{ name: "Echo", endpoint: "apis/echo/get-echo.md", lines: [] }], {
      data: "../../fixtures/people.csv",
    }),
  }));
  await ws.write("fixtures/people.csv", CSV); // beside api-docs/, inside the project
  assert(
    await Deno.stat(ws.path(`api-docs/flows/../../../${outside.dir.split("/").pop()}/secrets.csv`)),
  );
  await Deno.mkdir(ws.path("api-docs/data"), { recursive: true });
  await Deno.symlink(`${outside.dir}/secrets.csv`, ws.path("api-docs/data/linked.csv"));
  for (const flow of ["escape", "linked"]) {
    const run = await apispec(["flow", `api-docs/flows/${flow}.md`], { cwd: ws.dir });
    assertEquals(run.code, 2, `${flow}: ${run.stdout}${run.stderr}`);
    assertStringIncludes(run.stdout + run.stderr, "is outside the project");
    const checked = await apispec(["validate", `api-docs/flows/${flow}.md`], { cwd: ws.dir });
    assertStringIncludes(checked.stdout + checked.stderr, "is outside the project");
  }
  assertEquals(server.requests, [], "no row was sent anywhere");
  const beside = await apispec(["flow", "api-docs/flows/beside.md"], { cwd: ws.dir });
  assertEquals(beside.code, 0, beside.stdout + beside.stderr);
  assertEquals(server.requests.length, 2);
});
