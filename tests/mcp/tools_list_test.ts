/**
 * Every tool's schema against SPEC.md's tables: names, parameters, types,
 * defaults and required parameters (its size: tests/mcp/budgets_test.ts).
 */
import { assert, assertEquals } from "@std/assert";
import { listAllTools, startMcp } from "../helpers/mcp.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";

type Param = { type: string; required?: boolean; default?: unknown };

/** SPEC.md "Structured tools", table by table. */
const SPEC_TOOLS: Record<string, Record<string, Param>> = {
  apispec_exec: {
    spec_path: { type: "string", required: true },
    env: { type: "string" },
    vars: { type: "object", default: {} },
    verbose: { type: "boolean", default: false },
    dry_run: { type: "boolean", default: false },
    infer_expected: { type: "boolean", default: false },
  },
  apispec_diagnose: {
    spec_path: { type: "string", required: true },
    env: { type: "string" },
    vars: { type: "object", default: {} },
    timeout_ms: { type: "integer" },
    strict_assertions: { type: "boolean", default: false },
  },
  apispec_flow: {
    pipeline_path: { type: "string", required: true },
    env: { type: "string" },
    verbose: { type: "boolean", default: false },
  },
  apispec_author: {
    spec_path: { type: "string", required: true },
    content: { type: "string", required: true },
    overwrite: { type: "boolean", default: false },
  },
  apispec_vars: { spec_path: { type: "string", required: true }, env: { type: "string" } },
  apispec_search: {
    q: { type: "string" },
    method: { type: "string" },
    path: { type: "string" },
    tag: { type: "string" },
  },
  apispec_context: {
    target: { type: "string" },
    changed_from: { type: "string" },
    root: { type: "string", default: "api-docs" },
    token_budget: { type: "integer", default: 600 },
    mode: { type: "string", default: "surgical" },
    intent: { type: "string", default: "implement" },
    brief: { type: "boolean", default: true },
    max_fields: { type: "integer", default: 6 },
    include: { type: "string" },
    no_guidance: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
    // SPEC's table says `dev`; DECISIONS makes every tool default to the session env first.
    env: { type: "string" },
  },
  apispec_history: {
    spec_path: { type: "string", required: true },
    last: { type: "integer", default: 10 },
  },
  apispec_session: {
    action: { type: "string", required: true },
    env: { type: "string" },
    vars: { type: "object" },
  },
  apispec_exec_batch: {
    specs: { type: "array", required: true },
    env: { type: "string" },
    vars: { type: "object", default: {} },
  },
  // BEYOND.md §10.
  apispec_fuzz: {
    env: { type: "string" },
    seed: { type: "integer" },
    max_examples: { type: "integer", default: 50 },
    stateful: { type: "boolean", default: false },
  },
};

interface ListedTool {
  name: string;
  inputSchema: { properties: Record<string, Record<string, unknown>>; required?: string[] };
  outputSchema?: unknown;
}

function paramsOf(tool: ListedTool): Record<string, Param> {
  const required = new Set(tool.inputSchema.required ?? []);
  return Object.fromEntries(
    Object.entries(tool.inputSchema.properties).map(([name, schema]) => {
      const param: Param = { type: schema.type as string };
      if (required.has(name)) param.required = true;
      if ("default" in schema) param.default = schema.default;
      return [name, param];
    }),
  );
}

async function allTools(): Promise<{ tools: ListedTool[]; json: string }> {
  const { tools, json } = await listAllTools();
  return { tools: tools as ListedTool[], json };
}

Deno.test("tools/list names the ten tools of SPEC.md in its order", async () => {
  const { tools } = await allTools();
  assertEquals(tools.map((t) => t.name), Object.keys(SPEC_TOOLS));
});

Deno.test("every tool's parameters, types, defaults and required flags match SPEC.md", async () => {
  const { tools } = await allTools();
  for (const tool of tools) assertEquals(paramsOf(tool), SPEC_TOOLS[tool.name], tool.name);
  const context = tools.find((t) => t.name === "apispec_context")!;
  assertEquals(context.inputSchema.properties.mode.enum, ["surgical", "compact", "schema"]);
  const session = tools.find((t) => t.name === "apispec_session")!;
  assertEquals(session.inputSchema.properties.action.enum, ["get", "set"]);
});

Deno.test("every tool declares an output schema, since every result is an object", async () => {
  const { tools } = await allTools();
  for (const tool of tools) assert(tool.outputSchema, `${tool.name} has no outputSchema`);
});

Deno.test("the real server lists all ten tools with the same schemas", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9"));
  await using mcp = await startMcp({ cwd: ws.dir });
  const listed = (await mcp.client.listTools()).tools as ListedTool[];
  assertEquals(listed.map((t) => t.name), Object.keys(SPEC_TOOLS));
  for (const tool of listed) assertEquals(paramsOf(tool), SPEC_TOOLS[tool.name], tool.name);
  const info = mcp.client.getServerVersion();
  assertEquals(info?.name, "apispec");
});
