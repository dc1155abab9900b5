/**
 * `.env.local` in dotenv syntax: `KEY=value`, `export KEY=value`, `#`
 * comments, single quotes (literal) and double quotes (with `\n` escapes,
 * possibly spanning lines). The environment is passed in, never read here.
 */
import { type Issue, issue } from "../issue.ts";

/**
 * Parses dotenv text into an ordered map.
 *
 * @example
 * ```ts
 * import { parseDotenv } from "./dotenv.ts";
 * parseDotenv('export AUTH_TOKEN="a b" # note\n', ".env.local").vars; // { AUTH_TOKEN: "a b" }
 * ```
 */
export function parseDotenv(
  text: string,
  file: string,
): { vars: Record<string, string>; issues: Issue[] } {
  const vars: Record<string, string> = {};
  const issues: Issue[] = [];
  const lines = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (/^\s*(#|$)/.test(line)) continue;
    const match = /^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*=\s?(.*)$/.exec(line);
    if (!match) {
      issues.push(issue("SPEC_PARSE_ERROR", `Cannot parse dotenv line "${line.trim()}"`, {
        file,
        line: index + 1,
        fix: "Write `NAME=value`; quote values holding spaces or #",
      }));
      continue;
    }
    const [, key] = match;
    let rest = match[2].trimStart();
    const quote = rest[0];
    if (quote === '"' || quote === "'" || quote === "`") {
      // A quoted value may continue over the following lines until its closing quote.
      const startLine = index + 1;
      let body = rest.slice(1);
      let end = closingQuote(body, quote);
      while (end === -1 && index + 1 < lines.length) {
        body += "\n" + lines[++index];
        end = closingQuote(body, quote);
      }
      if (end === -1) {
        issues.push(issue("SPEC_PARSE_ERROR", `Value of ${key} has no closing ${quote}`, {
          file,
          line: startLine,
          fix: `Close the value with ${quote}`,
        }));
        continue;
      }
      const value = body.slice(0, end);
      vars[key] = quote === '"' ? unescapeDouble(value) : value;
      continue;
    }
    rest = rest.replace(/\s+#.*$/, "").trim();
    vars[key] = rest;
  }
  return { vars, issues };
}

function closingQuote(text: string, quote: string): number {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\\" && quote === '"') {
      i++;
      continue;
    }
    if (text[i] === quote) return i;
  }
  return -1;
}

function unescapeDouble(value: string): string {
  return value.replace(
    /\\([nrt"\\$])/g,
    (_, c: string) => ({ n: "\n", r: "\r", t: "\t", '"': '"', "\\": "\\", $: "$" })[c] ?? c,
  );
}
