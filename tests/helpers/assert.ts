/**
 * The `@std/assert` names the tests use, on top of `node:assert/strict`
 * (JSR, where @std/assert lives, cannot be reached from these machines).
 * Mapped as `@std/assert` in deno.json.
 */
import nodeAssert from "node:assert/strict";

export function assert(value: unknown, message?: string): asserts value {
  nodeAssert.ok(value, message);
}

export function assertEquals<T>(
  actual: unknown,
  expected: T,
  message?: string,
): asserts actual is T {
  nodeAssert.deepStrictEqual(actual, expected, message);
}

export function assertNotEquals(actual: unknown, expected: unknown, message?: string): void {
  nodeAssert.notDeepStrictEqual(actual, expected, message);
}

export function assertExists<T>(value: T, message?: string): asserts value is NonNullable<T> {
  nodeAssert.ok(
    value !== null && value !== undefined,
    message ?? "expected a value, got null or undefined",
  );
}

export function assertMatch(actual: string, pattern: RegExp, message?: string): void {
  nodeAssert.match(actual, pattern, message);
}

export function assertStringIncludes(actual: string, expected: string, message?: string): void {
  nodeAssert.ok(
    actual.includes(expected),
    message ?? `expected to find ${JSON.stringify(expected)} in:\n${actual}`,
  );
}

export function assertGreater(actual: number, expected: number, message?: string): void {
  nodeAssert.ok(actual > expected, message ?? `expected ${actual} > ${expected}`);
}

export function assertLess(actual: number, expected: number, message?: string): void {
  nodeAssert.ok(actual < expected, message ?? `expected ${actual} < ${expected}`);
}

export function assertThrows(fn: () => unknown, message?: string): void {
  nodeAssert.throws(fn, message);
}

export async function assertRejects(fn: () => Promise<unknown>, message?: string): Promise<void> {
  await nodeAssert.rejects(fn, message);
}

export function fail(message: string): never {
  nodeAssert.fail(message);
}
