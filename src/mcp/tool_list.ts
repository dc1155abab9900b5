/**
 * The tools/list answer, kept small: an agent pays for it on every session
 * (BEYOND §11: under 2,800 tokens with every tool). The SDK's own list adds
 * what carries no information for a client: `$schema` on every schema (the
 * MCP default dialect reads these schemas the same), `execution:
 * {taskSupport: "forbidden"}` (the default), `propertyNames: {type:
 * "string"}` (every JSON key is a string), `items: {}` and
 * `additionalProperties: {}` (anything, as without them) and `additionalProperties: false` on results. Input schemas stay strict, so unknown arguments are still
 * declared refused.
 */
import { z } from "zod";
import type { ToolDef } from "./tool.ts";
import { strictInput } from "./strict_input.ts";

type JsonSchema = Record<string, unknown>;

export interface ListedTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations: ToolDef["config"]["annotations"];
}

/** Drops the keys that say nothing (above), at every depth. */
function compact(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compact);
  if (!schema || typeof schema !== "object") return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$schema") continue;
    if (key === "propertyNames" && isStringType(value)) continue;
    if ((key === "items" || key === "additionalProperties") && isEmpty(value)) continue;
    out[key] = compact(value);
  }
  return out;
}

/** `{}` allows anything, as an absent `items` does. */
function isEmpty(value: unknown): boolean {
  return !!value && typeof value === "object" && Object.keys(value).length === 0;
}

function isStringType(value: unknown): boolean {
  return !!value && typeof value === "object" && Object.keys(value).length === 1 &&
    (value as JsonSchema).type === "string";
}

function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  return compact(z.toJSONSchema(schema, { target: "draft-7", io })) as JsonSchema;
}

/** Every tool as tools/list shows it. */
// deno-lint-ignore no-explicit-any
export function listTools(tools: ToolDef<any>[]): ListedTool[] {
  return tools.map((tool) => {
    const listed: ListedTool = {
      name: tool.name,
      description: tool.config.description,
      inputSchema: toSchema(strictInput(tool.name, tool.config.inputSchema), "input"),
      annotations: tool.config.annotations,
    };
    if (tool.config.outputSchema) {
      const { additionalProperties: _, ...output } = toSchema(
        z.object(tool.config.outputSchema),
        "output",
      );
      listed.outputSchema = output;
    }
    return listed;
  });
}
