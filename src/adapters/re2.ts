/**
 * RE2 for `matches` rules (`re2_engine.ts`), loaded on first use only, so runs
 * without `matches` never pay for it.
 */
import type { PatternCompiler } from "../engine/parse/pattern.ts";

let loading: Promise<PatternCompiler> | undefined;

/** The RE2 pattern compiler. */
export function loadRe2(): Promise<PatternCompiler> {
  loading ??= import("./re2_engine.ts").then((engine) => engine.compileRe2);
  return loading;
}
