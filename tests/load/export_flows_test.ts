/**
 * What the load exporters refuse, through the real CLI: a flow form an engine
 * cannot run as apispec would exits 2 with the flow line and a fix; in a
 * folder, such a flow (or an endpoint missing a variable) is left out with a
 * warning and the rest is exported; only a folder where nothing can be
 * exported fails.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { apispec } from "../helpers/cli.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { flowFile } from "../flow/helpers.ts";

const FILES: Record<string, string> = {
  "apis/items/get-items.md": endpoint({
    path: "/items",
    resource: "items",
    expected: 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"items": [{"id": 1}]}',
    title: "List items",
  }),
  "apis/items/get-item.md": endpoint({
    path: "/items/{{item.id}}",
    resource: "items",
    frontmatter: "standalone: false\n",
    title: "Read item",
  }),
  "apis/items/get-by-id.md": endpoint({
    path: "/items/:itemId",
    resource: "items",
    title: "By id",
  }),
  "flows/tagged.md": flowFile([
    {
      name: "List",
      endpoint: "apis/items/get-items.md",
      lines: ["Capture: `response.body.items` as `items`"],
    },
    {
      name: "Read tagged",
      endpoint: "apis/items/get-item.md",
      lines: ["For each: `items` as `item`", "When: `item.tags: contains sale`"],
    },
  ], { title: "Tagged" }),
  "flows/collect.md": flowFile([
    {
      name: "List",
      endpoint: "apis/items/get-items.md",
      lines: ["Capture: `response.body.items` as `items`"],
    },
    {
      name: "Read each",
      endpoint: "apis/items/get-item.md",
      lines: ["For each: `items` as `item`", "Capture: `response.body.id` as `codes`"],
    },
    {
      name: "List again",
      endpoint: "apis/items/get-items.md",
      lines: ["Assert: `body.items: equals {{codes}}`"],
    },
  ], { title: "Collect" }),
  "flows/poll.md": flowFile([
    {
      name: "Wait",
      endpoint: "apis/items/get-items.md",
      lines: ["Until: `body.items: length >= 1`", "Every: `10ms`"],
    },
  ], { title: "Poll" }),
};

async function exported(args: string[], files = FILES) {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", files));
  const result = await apispec(args, { cwd: ws.dir });
  assert(!result.stderr.includes("    at "), "no stack trace");
  return result;
}

Deno.test("export artillery: a When, a collected loop capture or polling to stdout is refused at its line", async () => {
  const cases: [string, RegExp, string][] = [
    [
      "flows/tagged.md",
      /Artillery cannot express When `item\.tags: contains sale`.*\n\s+--> api-docs\/flows\/tagged\.md:16\n/,
      "export k6",
    ],
    [
      "flows/collect.md",
      /Artillery cannot collect "codes".*\n\s+--> api-docs\/flows\/collect\.md:17\n/,
      "export k6",
    ],
    ["flows/poll.md", /polls \(Until\).*stdout\n\s+--> api-docs\/flows\/poll\.md:13\n/, "--out"],
  ];
  for (const [flow, message, fix] of cases) {
    const result = await exported(["export", "artillery", `api-docs/${flow}`]);
    assertEquals(result.code, 2, `${flow}: ${result.stderr}`);
    assertMatch(result.stderr, message);
    assertStringIncludes(result.stderr, fix);
    assertEquals(result.stdout, "");
  }
  // k6 expresses each of them.
  for (const [flow] of cases) {
    const result = await exported(["export", "k6", `api-docs/${flow}`]);
    assertEquals(result.code, 0, `${flow}: ${result.stderr}`);
  }
});

Deno.test("export artillery: generated values to stdout, and a list collected from a sub-flow's rows, are refused at their line", async () => {
  const files = {
    ...FILES,
    "apis/items/post-item.md": endpoint({
      method: "POST",
      path: "/items",
      resource: "items",
      request: 'POST {{baseUrl}}/items\nContent-Type: application/json\n\n{"ref": "{{$guid}}"}',
      title: "Create item",
    }),
    "data/ids.csv": "itemId\n1\n2\n",
    "flows/read-ids.md": flowFile([{
      name: "Read",
      endpoint: "apis/items/get-by-id.md",
      lines: ["Capture: `response.body.id` as `codes`"],
    }], { data: "data/ids.csv" }),
    "flows/fresh.md": flowFile([{ name: "Create", endpoint: "apis/items/post-item.md" }]),
    "flows/rows-collect.md": flowFile([
      { name: "Read all", endpoint: "flows/read-ids.md" },
      {
        name: "List",
        endpoint: "apis/items/get-items.md",
        lines: ["Assert: `body: contains {{codes}}`"],
      },
    ]),
  };
  const cases: [string, RegExp, string][] = [
    [
      "flows/fresh.md",
      /generated values of Create \(\{\{\$guid\}\}\).*stdout\n\s+--> api-docs\/flows\/fresh\.md:12\n/,
      "or export k6",
    ],
    [
      "flows/rows-collect.md",
      /cannot collect "codes" from the rows of api-docs\/data\/ids\.csv run at api-docs\/flows\/rows-collect\.md:12.*\n\s+--> api-docs\/flows\/rows-collect\.md:13\n/,
      "export k6",
    ],
  ];
  for (const [flow, message, fix] of cases) {
    const result = await exported(["export", "artillery", `api-docs/${flow}`], files);
    assertEquals(result.code, 2, `${flow}: ${result.stderr}`);
    assertMatch(result.stderr, message);
    assertStringIncludes(result.stderr, fix);
    assertEquals(result.stdout, "");
    const k6 = await exported(["export", "k6", `api-docs/${flow}`], files);
    assertEquals(k6.code, 0, `${flow}: ${k6.stderr}`);
  }
});

Deno.test("export artillery: a sub-flow's rows are a loop over them, JSON columns it loops over parsed", async () => {
  const files = {
    ...FILES,
    "data/batches.csv": 'name,items\nfirst,"[{""id"": 1}, {""id"": 2}]"\nsecond,[]\n',
    "flows/batch.md": flowFile([{
      name: "Read",
      endpoint: "apis/items/get-item.md",
      lines: ["For each: `items` as `item`"],
    }], { data: "data/batches.csv" }),
    "flows/batches.md": flowFile([
      { name: "List", endpoint: "apis/items/get-items.md" },
      { name: "Batches", endpoint: "flows/batch.md" },
    ]),
  };
  const result = await exported(["export", "artillery", "api-docs/flows/batches.md"], files);
  assertEquals(result.code, 0, result.stderr);
  const flow = (yaml.load(result.stdout) as { scenarios: { flow: Record<string, unknown>[] }[] })
    .scenarios[0].flow;
  assertEquals(flow[1].loopElement, "apispec_row_1");
  assertEquals(flow[1].over, [
    { name: "first", items: [{ id: 1 }, { id: 2 }] },
    { name: "second", items: [] },
  ]);
  const inner = (flow[1].loop as Record<string, unknown>[])[0];
  assertEquals([inner.over, inner.loopElement], ["apispec_row_1.items", "item"]);
});

Deno.test("export artillery of a folder: what cannot be exported is left out with a warning", async () => {
  const result = await exported(["export", "artillery", "api-docs"]);
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(
    result.stderr,
    "warning: Left out api-docs/flows/tagged.md: Artillery cannot",
  );
  assertStringIncludes(result.stderr, "warning: Left out api-docs/flows/collect.md:");
  assertStringIncludes(result.stderr, "warning: Left out api-docs/flows/poll.md:");
  assertStringIncludes(
    result.stderr,
    'warning: Left out api-docs/apis/items/get-by-id.md: Variable "itemId" is not defined',
  );
  const script = yaml.load(result.stdout) as { scenarios: { name: string }[] };
  assertEquals(script.scenarios.map((s) => s.name), ["List items"]);

  const none = await exported(["export", "artillery", "api-docs/flows"]);
  assertEquals(none.code, 2, none.stderr);
  assertStringIncludes(none.stderr, "Nothing in api-docs/flows can be exported for artillery");
});

Deno.test("export artillery|k6: a flow that includes itself or loops over nothing exits 2", async () => {
  const files = {
    ...FILES,
    "flows/a.md": flowFile([{ name: "B", endpoint: "flows/b.md" }]),
    "flows/b.md": flowFile([{ name: "A", endpoint: "flows/a.md" }]),
    "flows/each.md": flowFile([
      { name: "Each", endpoint: "apis/items/get-item.md", lines: ["For each: `ids` as `item`"] },
    ]),
  };
  for (const engine of ["artillery", "k6"]) {
    const cycle = await exported(["export", engine, "api-docs/flows/a.md"], files);
    assertEquals(cycle.code, 2, cycle.stderr);
    assertStringIncludes(cycle.stderr, "Flow includes itself");
    const each = await exported(["export", engine, "api-docs/flows/each.md"], files);
    assertEquals(each.code, 2, each.stderr);
    assertMatch(
      each.stderr,
      /Cannot export For each: `ids` is not defined\n\s+--> api-docs\/flows\/each\.md:13/,
    );
  }
});

Deno.test("export artillery: JSON Lines data becomes a CSV file beside the script", async () => {
  const files = {
    ...FILES,
    "data/items.jsonl": '{"itemId": 7, "tags": ["a"]}\n{"itemId": 8, "tags": []}\n',
    "flows/rows.md": flowFile([
      { name: "By id", endpoint: "apis/items/get-by-id.md" },
      {
        name: "Each tag",
        endpoint: "apis/items/get-item.md",
        lines: ["For each: `tags` as `item`"],
      },
    ], { data: "data/items.jsonl" }),
  };
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", files));
  const result = await apispec(
    ["export", "artillery", "api-docs/flows/rows.md", "--out", "out/load.yml"],
    { cwd: ws.dir },
  );
  assertEquals(result.code, 0, result.stderr);
  assertStringIncludes(
    result.stderr,
    "Wrote out/load.yml, out/load.items.csv and out/load.processor.cjs",
  );
  // Values as apispec binds them: strings as they are, anything else as JSON text.
  assertEquals(await ws.read("out/load.items.csv"), 'itemId,tags\n7,"[""a""]"\n8,[]\n');
  const script = yaml.load(await ws.read("out/load.yml")) as {
    config: { payload: { path: string }[] };
    scenarios: { flow: Record<string, unknown>[] }[];
  };
  assertEquals(script.config.payload[0].path, "load.items.csv");
  assertEquals(script.scenarios[0].flow[0], { function: "apispec_1_json_columns" });
  assertStringIncludes(await ws.read("out/load.processor.cjs"), '["tags"]');
});
