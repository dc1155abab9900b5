/**
 * `matches` patterns on re2js, a JavaScript port of RE2 (vendor/README.md):
 * linear-time matching, so no pattern can make a run, the preview server or
 * the MCP server hang. Patterns are written in JavaScript syntax and
 * translated to RE2's, as RE2 for JavaScript has always done.
 */
// @ts-types="../../vendor/re2js@2.10.0/index.d.ts"
import { RE2JS, RE2JSSyntaxException } from "re2js";
import { type Pattern, type PatternCompiler, programSize } from "../engine/parse/pattern.ts";

const FLAGS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
};

// A run checks each pattern before it sends anything and uses it after: compile it once.
const compiled = new Map<string, Pattern>();

/** Compiles `source` with flags among `i`, `m`, `s`; a pattern RE2 rejects throws a SyntaxError saying why. */
export const compileRe2: PatternCompiler = (source, flags) => {
  const key = `${flags}/${source}`;
  let pattern = compiled.get(key);
  if (!pattern) {
    pattern = compile(source, flags);
    if (compiled.size >= 500) compiled.clear();
    compiled.set(key, pattern);
  }
  return pattern;
};

function compile(source: string, flags: string): Pattern {
  let re: RE2JS;
  try {
    re = RE2JS.compile(
      RE2JS.translateRegExp(source),
      [...flags].reduce((all, flag) => all | (FLAGS[flag] ?? 0), 0),
    );
  } catch (error) {
    if (!(error instanceof RE2JSSyntaxException)) throw error;
    // The message JavaScript gives for a bad pattern, with RE2's reason.
    const reason = error.input ? `${error.error}: ${error.input}` : error.error;
    throw new SyntaxError(`Invalid regular expression: /${source}/${flags}u: ${reason}`);
  }
  // re2js simulates every state of the program along the subject: its size bounds the work.
  return { test: (text: string) => re.matcher(text).find(), work: programSize(source) };
}
