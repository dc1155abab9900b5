/**
 * What a markdown file says it is in its frontmatter, before it is parsed as
 * one: a flow (`type: pipeline`) or an endpoint file (a `method:`). Commands
 * handed the other kind say so instead of listing the fields it lacks.
 *
 * @example
 * ```ts
 * import { declaredKind } from "./declared_kind.ts";
 * declaredKind("---\ntype: pipeline\n---\n# F\n"); // "flow"
 * declaredKind("---\nmethod: GET\n---\n# E\n"); // "endpoint"
 * ```
 */
export function declaredKind(text: string): "flow" | "endpoint" | undefined {
  if (!text.startsWith("---")) return undefined;
  const end = text.indexOf("\n---", 3);
  if (end < 0) return undefined;
  const front = text.slice(0, end + 1);
  if (/^type:\s*["']?pipeline["']?\s*$/m.test(front)) return "flow";
  if (/^method:\s*\S/m.test(front)) return "endpoint";
  return undefined;
}
