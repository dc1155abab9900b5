/**
 * Zod pieces the tools share. Descriptions are short and exact: the whole
 * tools/list result must stay under 2,800 tokens (BEYOND §11; tool_list.ts).
 */
import { z } from "zod";

export const specPath = z.string().describe("Endpoint file (from cwd or api-docs/)");
export const env = z.string().optional().describe("Default: session env, project default-env, dev");
export const vars = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .default({}).describe("Override session and file vars");

/** One of ERROR_TYPES or null; listed as a string (SPEC.md names the values) to keep tools/list small. */
export const errorType = z.string().nullable();

/** Nested records are typed loosely in output schemas: tools/list stays small, the docs say the rest. */
export const loose = z.unknown();

/** The compact execution record of SPEC.md. */
export const execRecord = {
  passed: z.boolean(),
  status: z.number(),
  duration_ms: z.number(),
  error_type: errorType,
  hint: z.string(),
  hints: z.array(z.string()),
  diff: loose,
  assertion_results: z.array(loose),
  request: loose.optional(),
  response: loose.optional(),
  inferred_expected: z.string().optional(),
  // Streams (docs/streams.md): sse files, then ws files.
  events_received: z.number().optional(),
  first_event_ms: z.number().nullable().optional(),
  messages_received: z.number().optional(),
};
