/**
 * Zod pieces the tools share. Descriptions are short and exact: the whole
 * tools/list result must stay within about 3,000 tokens.
 */
import { z } from "zod";
import { ERROR_TYPES, type ErrorType } from "../engine/model.ts";

export const specPath = z.string().describe("Endpoint file (relative to cwd or api-docs/)");
export const env = z.string().optional().describe("Default: session env, project default-env, dev");
export const vars = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .default({}).describe("Override session and file vars");

export const errorType = z.enum(ERROR_TYPES as [ErrorType, ...ErrorType[]]).nullable();

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
};
