/**
 * The real tool server (`deno run main.ts mcp`) driven by the official SDK
 * client over stdio. The SDK passes only HOME, LOGNAME, PATH, SHELL, TERM
 * and USER to the child, so what Deno needs here is passed explicitly.
 */
// @ts-types="@modelcontextprotocol/sdk/client/index.d.ts"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio.d.ts"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
// @ts-types="@modelcontextprotocol/sdk/inMemory.d.ts"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createServer } from "../../src/mcp/server.ts";
import { systemContext } from "../../src/adapters/system.ts";
import { baseEnv, ROOT } from "./cli.ts";

/** The tools tools/list names, in SPEC.md's order. */
export const TOOL_NAMES = [
  "apispec_exec",
  "apispec_diagnose",
  "apispec_flow",
  "apispec_author",
  "apispec_vars",
  "apispec_search",
  "apispec_context",
  "apispec_history",
  "apispec_session",
  "apispec_exec_batch",
  "apispec_fuzz",
];

export interface McpSession extends AsyncDisposable {
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  /** Calls a tool and returns its structured content, failing on isError. */
  call<T = Record<string, unknown>>(name: string, args?: Record<string, unknown>): Promise<T>;
  /** Calls a tool and returns the raw result. */
  raw(name: string, args?: Record<string, unknown>): Promise<ToolCallResult>;
}

export interface ToolCallResult {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export function serverCommand(): { command: string; args: string[] } {
  return {
    command: Deno.execPath(),
    args: ["run", "-A", "--quiet", `--config=${ROOT}/deno.json`, `${ROOT}/main.ts`, "mcp"],
  };
}

export async function startMcp(
  options: { cwd: string; env?: Record<string, string> },
): Promise<McpSession> {
  const transport = new StdioClientTransport({
    ...serverCommand(),
    cwd: options.cwd,
    env: { ...baseEnv(), ...options.env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Uint8Array) => stderr += new TextDecoder().decode(chunk));
  const client = new Client({ name: "apispec-tests", version: "1.0.0" });
  await client.connect(transport);
  const raw = async (name: string, args: Record<string, unknown> = {}) =>
    await client.callTool({ name, arguments: args }) as ToolCallResult;
  return {
    client,
    stderr: () => stderr,
    raw,
    call: async <T>(name: string, args: Record<string, unknown> = {}) => {
      const result = await raw(name, args);
      if (result.isError) throw new Error(`${name} failed: ${result.content[0]?.text}`);
      return result.structuredContent as T;
    },
    [Symbol.asyncDispose]: async () => await client.close(),
  };
}

/** tools/list of a server in process, over the SDK's linked in-memory transport. */
export async function listAllTools(): Promise<{ tools: unknown[]; json: string }> {
  const { server, close } = createServer(systemContext(), { watch: false });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "apispec-list", version: "1.0.0" });
  await client.connect(clientSide);
  const result = await client.listTools();
  await client.close();
  await close();
  return { tools: result.tools, json: JSON.stringify(result) };
}
