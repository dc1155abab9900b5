/**
 * RE2 (Google's linear-time regular-expression engine, as WASM) for `matches`
 * rules: no pattern can make a run, the preview server or the MCP server hang.
 * Loaded on first use only, so runs without `matches` never pay for it. The
 * package reads its `re2.wasm` beside its JavaScript with node:fs; `deno
 * compile` embeds npm packages whole in the binary's file system, so the
 * compiled binary finds it there.
 */
import type { PatternCompiler } from "../engine/parse/pattern.ts";

let loading: Promise<PatternCompiler> | undefined;

/** The RE2 pattern compiler; `u` is always on (RE2 needs it). */
export function loadRe2(): Promise<PatternCompiler> {
  loading ??= import("re2-wasm").then(({ RE2 }) => (source: string, flags: string) => {
    const re = new RE2(source, `${flags}u`);
    return { test: (text: string) => re.test(text) };
  });
  return loading;
}
