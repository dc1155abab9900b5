/**
 * What a tool is: a name, the SDK's config object (zod shapes for input and
 * output) and a handler that maps arguments onto an op. Results follow the
 * SDK's two channels: a failure the agent should read is a result with
 * `isError`, never an exception.
 */
import type { z } from "zod";
import type { Issue } from "../engine/issue.ts";
import type { OpsContext } from "../adapters/system.ts";
import type { Session } from "./session.ts";
import type { SpecIndexCache } from "../ops/collection/spec_index.ts";

/**
 * What every handler gets besides its arguments. Ops are imported when a
 * tool first runs, not at start-up, so the server answers `initialize` fast.
 */
export interface ToolEnv {
  ctx: OpsContext;
  session: Session;
  /** The server's spec indexes, one per collection, kept current by file notices. */
  indexes(): Promise<SpecIndexCache>;
  /** The collection root (`.../api-docs`), discovered once it exists. */
  root(): Promise<string>;
}

export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface ToolDef<I extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  config: {
    /** No `title`: the name says it, and tools/list must stay small. */
    description: string;
    inputSchema: I;
    outputSchema?: z.ZodRawShape;
    annotations: ToolAnnotations;
  };
  handler: (args: z.infer<z.ZodObject<I>>, env: ToolEnv) => Promise<ToolResult>;
}

/** Keeps the argument type of a tool's handler tied to its input schema. */
export function defineTool<I extends z.ZodRawShape>(tool: ToolDef<I>): ToolDef<I> {
  return tool;
}

/** An object result: structured content plus the same object as compact JSON text (clients give a model one of the two). */
export function structured(value: object): ToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(value) }],
    structuredContent: value as Record<string, unknown>,
  };
}

/** A failure the agent reads and can act on (invalid spec, refused write...). */
export function failure(text: string): ToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

/** Issues as short lines an agent can act on: code, message, place and fix. */
export function issuesText(issues: Issue[]): string {
  return issues.map((i) => {
    const where = i.file ? ` (${i.file}${i.line ? `:${i.line}` : ""})` : "";
    return `${i.code}: ${i.message}${where}${i.fix ? `. Fix: ${i.fix}` : ""}`;
  }).join("\n");
}

/**
 * What every run started by a tool shares: the explicit env, else the
 * session's; the tool server's variable order; session vars; explicit vars.
 */
export function runDefaults(
  args: { env?: string; vars?: Record<string, string | number | boolean> },
  session: Session,
): { env?: string; order: "tool"; session: Record<string, string>; tool: Record<string, string> } {
  return {
    env: args.env ?? session.env,
    order: "tool",
    session: session.vars,
    tool: varStrings(args.vars),
  };
}

/** Tool `vars` values may be strings, numbers or booleans; the engine holds strings. */
export function varStrings(
  vars: Record<string, string | number | boolean> | undefined,
): Record<string, string> {
  return Object.fromEntries(Object.entries(vars ?? {}).map(([k, v]) => [k, String(v)]));
}
