/**
 * `apispec mcp`: the tool server over stdio. Each tool maps onto an op in
 * src/ops, so the CLI and the tools share behaviour. Nothing but JSON-RPC is
 * written to stdout.
 */
// @ts-types="@modelcontextprotocol/sdk/server/mcp.d.ts"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
// @ts-types="@modelcontextprotocol/sdk/types.d.ts"
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { OpsContext } from "../adapters/system.ts";
import type { SpecIndexCache } from "../ops/collection/spec_index.ts";
import { VERSION } from "../version.ts";
import { registerResources } from "./resources.ts";
import { registerContractResources } from "./contract_resources.ts";
import { newSession } from "./session.ts";
import { BoundedStdioTransport } from "./stdio_transport.ts";
import type { ToolEnv } from "./tool.ts";
import { TOOLS } from "./tools/index.ts";
import { strictInput } from "./strict_input.ts";
import { type ListedTool, listTools } from "./tool_list.ts";

export const SERVER_NAME = "apispec";

const INSTRUCTIONS = "API contracts live in api-docs/ as one markdown file per endpoint. " +
  "Find specs with apispec_search, get bounded context with apispec_context, run with apispec_exec " +
  "(then apispec_diagnose on failure), write specs with apispec_author. Read apispec://coverage " +
  "and apispec://drift/<openapi file> for coverage and OpenAPI drift. Secrets go in APISPEC_* " +
  "variables or .env.local, never in api-docs/.";

export interface ApispecServer {
  server: McpServer;
  env: ToolEnv;
  close(): Promise<void>;
}

export function createServer(
  ctx: OpsContext,
  options: { watch: boolean },
): ApispecServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: VERSION },
    { instructions: INSTRUCTIONS },
  );
  let found: string | undefined;
  let indexes: SpecIndexCache | undefined;
  const env: ToolEnv = {
    ctx,
    session: newSession(),
    indexes: async () => {
      const { SpecIndexCache } = await import("../ops/collection/spec_index.ts");
      return indexes ??= new SpecIndexCache(options);
    },
    // Discovery runs git; remember the answer once the collection exists.
    root: async () => {
      if (found) return found;
      const { findCollectionRoot } = await import("../ops/collection/load.ts");
      const { isDirectory } = await import("../adapters/fs.ts");
      const root = await findCollectionRoot({}, ctx);
      if (await isDirectory(root)) found = root;
      return root;
    },
  };
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      { ...tool.config, inputSchema: strictInput(tool.name, tool.config.inputSchema) },
      (args: Record<string, unknown>) => tool.handler(args, env),
    );
  }
  // Replaces the SDK's list (documented as allowed) with the compact one of tool_list.ts.
  let listed: ListedTool[] | undefined;
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: listed ??= listTools(TOOLS),
  }));
  registerResources(server, env);
  registerContractResources(server, env);
  return {
    server,
    env,
    close: async () => {
      indexes?.close();
      await server.close();
    },
  };
}

/** Serves on stdin/stdout until the client closes stdin. */
export async function serveStdio(ctx: OpsContext): Promise<void> {
  // Anything a dependency logs must not corrupt the JSON-RPC stream.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
  const { server, close } = createServer(ctx, { watch: true });
  // Our own read side: a message over the cap is answered with an error, never a dead server.
  const transport = new BoundedStdioTransport();
  await server.connect(transport);
  await transport.closed;
  await close();
}
