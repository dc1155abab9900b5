/**
 * Zod pieces the tools share. Descriptions are short and exact: the whole
 * tools/list result must stay within about 3,000 tokens.
 */
import { z } from "zod";

export const specPath = z.string().min(1).describe(
  "Endpoint file, relative to the working folder or to api-docs/",
);
export const env = z.string().min(1).optional().describe(
  "Environment; default: session env, project default-env, dev",
);
export const vars = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .default({}).describe("Variables; beat session vars and every file");

export const ERROR_TYPES = [
  "CONTRACT_MISMATCH",
  "VAR_MISSING",
  "AUTH_FAILED",
  "NETWORK_ERROR",
  "SPEC_PARSE_ERROR",
  "VALIDATION_ERROR",
  "UNSUPPORTED_PROTOCOL",
] as const;
export const errorType = z.enum(ERROR_TYPES).nullable();

const message = z.object({}).loose();

/** The compact execution record of SPEC.md. */
export const execRecord = {
  passed: z.boolean(),
  status: z.number(),
  duration_ms: z.number(),
  error_type: errorType,
  hint: z.string(),
  hints: z.array(z.string()),
  diff: z.object({
    passed: z.boolean(),
    status: z.string().nullable(),
    headers: z.array(z.string()),
    body: z.string().nullable(),
  }),
  assertion_results: z.array(
    z.object({ rule: z.string(), passed: z.boolean(), message: z.string() }),
  ),
  request: message.optional(),
  response: message.optional(),
  inferred_expected: z.string().optional(),
};
