/**
 * The pattern compiler for `matches` rules: JavaScript's RegExp for patterns
 * proven linear (engine/parse/linear_pattern.ts), RE2 (`re2_engine.ts`) for
 * the rest, loaded only when a pattern needs it.
 */
import { linearPattern } from "../engine/parse/linear_pattern.ts";
import { type Pattern, type PatternCompiler, splitPattern } from "../engine/parse/pattern.ts";

let loading: Promise<PatternCompiler> | undefined;

/** The RE2 pattern compiler. */
export function loadRe2(): Promise<PatternCompiler> {
  loading ??= import("./re2_engine.ts").then((engine) => engine.compileRe2);
  return loading;
}

const natives = new Map<string, Pattern | null>();

/** The pattern on JavaScript's RegExp when it is in the linear subset, else undefined. */
export function compileLinear(source: string, flags: string): Pattern | undefined {
  const key = `${flags}/${source}`;
  let pattern = natives.get(key);
  if (pattern === undefined) {
    const native = linearPattern(source, flags);
    pattern = null;
    if (native !== undefined) {
      try {
        const re = new RegExp(native.source, flags + "u");
        pattern = { test: (text: string) => re.test(text), work: native.work };
      } catch {
        // Not valid JavaScript after all: RE2 says why.
      }
    }
    if (natives.size >= 500) natives.clear();
    natives.set(key, pattern);
  }
  return pattern ?? undefined;
}

/**
 * The compiler for these `matches` operands (`^a+$` or `/^a+$/i`, resolved):
 * RE2 is loaded when one of them is outside the linear subset or still holds
 * a placeholder (resolved later, to anything).
 */
export async function patternCompiler(operands: string[]): Promise<PatternCompiler> {
  const needsRe2 = operands.some((operand) => {
    if (operand.includes("{{")) return true;
    const { source, flags } = splitPattern(operand);
    return compileLinear(source, flags) === undefined;
  });
  const re2 = needsRe2 ? await loadRe2() : undefined;
  return (source, flags) => {
    const linear = compileLinear(source, flags);
    if (linear) return linear;
    if (!re2) throw new Error(`RE2 was not loaded for /${source}/${flags}`); // a bug: see above
    return re2(source, flags);
  };
}
