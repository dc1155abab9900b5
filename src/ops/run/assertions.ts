/**
 * What evaluating assertion rules needs from outside the engine: a pattern
 * compiler for `matches` (RE2 loaded only when a pattern needs it). Every surface evaluates rules
 * through `evaluateAssertions(rules, response, await assertionOptions(rules))`.
 */
import { type Issue, issue } from "../../engine/issue.ts";
import type { AssertionRule, HttpResponse } from "../../engine/model.ts";
import { sha256Hex } from "../../adapters/digest.ts";
import type { AssertionOptions } from "../../engine/compare/assertions.ts";
import { splitPattern } from "../../engine/parse/pattern.ts";
import { patternCompiler } from "../../adapters/re2.ts";

const patternsOf = (rules: AssertionRule[]) =>
  rules.filter((r) => r.operator === "matches").map((r) => r.operand);

/**
 * Options for `evaluateAssertions`/`evaluateRule`: a pattern compiler when a
 * rule uses `matches`, the response time, and the size and SHA-256 of a text
 * body when a rule reads `body.bytes` or `body.sha256`.
 */
export async function assertionOptions(
  rules: AssertionRule[],
  durationMs?: number,
  response?: HttpResponse,
): Promise<AssertionOptions> {
  const patterns = patternsOf(rules);
  const digest = response && !response.binary &&
    rules.some((r) => r.path === "body.bytes" || r.path === "body.sha256");
  return {
    ...(patterns.length ? { compile: await patternCompiler(patterns) } : {}),
    ...(durationMs === undefined ? {} : { durationMs }),
    ...(digest
      ? {
        bodyDigest: {
          bytes: new TextEncoder().encode(response.body).byteLength,
          sha256: await sha256Hex(response.body),
        },
      }
      : {}),
  };
}

/** `matches` patterns RE2 cannot compile, as invalid-spec issues at their lines (placeholders are checked when resolved). */
export async function patternIssues(rules: AssertionRule[], file: string): Promise<Issue[]> {
  const patterns = rules.filter((r) => r.operator === "matches" && !r.operand.includes("{{"));
  if (patterns.length === 0) return [];
  const compile = await patternCompiler(patterns.map((r) => r.operand));
  const issues: Issue[] = [];
  for (const rule of patterns) {
    const { source, flags } = splitPattern(rule.operand);
    try {
      compile(source, flags);
    } catch (error) {
      const reason = (error as Error).message.replace(/^Invalid regular expression: /, "");
      issues.push(
        issue("VALIDATION_ERROR", `Cannot use assertion "${rule.source}": RE2 rejects ${reason}`, {
          file,
          line: rule.line,
          fix: "Write an RE2 pattern: JavaScript syntax without lookaround, backreferences or " +
            "possessive quantifiers",
        }),
      );
    }
  }
  return issues;
}
