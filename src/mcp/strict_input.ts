/**
 * Tool arguments are checked by name: zod objects drop unknown keys silently,
 * so `query` where `q` is meant would search for everything. Every tool's
 * input is a strict object whose error names the unknown arguments and lists
 * the valid ones (the SDK returns it to the agent as an `isError` result).
 */
import { z } from "zod";

/** The valid name an unknown one most likely meant: a prefix either way, or a near spelling. */
export function meantName(unknown: string, names: string[]): string | undefined {
  const lower = unknown.toLowerCase().replace(/-/g, "_");
  return names.find((n) => n === lower) ??
    names.find((n) => lower.startsWith(n) || n.startsWith(lower)) ??
    names.find((n) => Math.abs(n.length - lower.length) <= 2 && sharedPrefix(n, lower) >= 3);
}

function sharedPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** The message for unknown argument names. */
export function unknownArguments(tool: string, unknown: string[], names: string[]): string {
  const quoted = unknown.map((k) => `"${k}"`).join(", ");
  const hints = unknown
    .map((k) => [k, meantName(k, names)])
    .filter(([, meant]) => meant)
    .map(([k, meant]) => `"${k}" → "${meant}"`);
  return `Unknown argument${unknown.length === 1 ? "" : "s"} ${quoted} for ${tool}; ` +
    `its arguments are ${names.length ? names.join(", ") : "none"}` +
    (hints.length ? ` (did you mean ${hints.join(", ")}?)` : "");
}

/** A tool's input shape as a strict object with that message. */
export function strictInput(tool: string, shape: z.ZodRawShape): z.ZodObject {
  const names = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? unknownArguments(tool, issue.keys as string[], names)
        : undefined,
  });
}
