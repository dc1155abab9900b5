/**
 * Finds likely credentials in versioned markdown before any request is sent
 * (exit 5), and in anything about to be shown (the masker). Rules are data:
 * provider shapes derived from gitleaks (rules.ts) and apispec's context
 * rules (context_rules.ts). One case-insensitive regex pass for the rules'
 * keywords picks the few lines worth a closer look and the rules to try
 * there, so a file without any keyword costs that one pass. A line may accept a
 * documented false positive with `<!-- apispec:allow-secret -->`.
 */
import { type Issue, issue } from "../issue.ts";
import { CONTEXT_RULES, type LineRule, type Span } from "./context_rules.ts";
import { SHAPE_RULES, type ShapeRule } from "./rules.ts";
import { entropy, isPlaceholderValue } from "./value.ts";
import { memoByString } from "../memo.ts";

export const ALLOW_COMMENT = "<!-- apispec:allow-secret -->";

function shapeRule(rule: ShapeRule): LineRule {
  return {
    id: rule.id,
    name: rule.name,
    keywords: rule.keywords,
    find(line) {
      const spans: Span[] = [];
      rule.regex.lastIndex = 0;
      for (const match of line.matchAll(rule.regex)) {
        const value = match[1] ?? match[0];
        if (rule.allow?.test(value) || isPlaceholderValue(value)) continue;
        if (rule.entropy !== undefined && entropy(value) < rule.entropy) continue;
        const start = match.index! + match[0].indexOf(value);
        spans.push([start, start + value.length]);
      }
      return spans;
    },
  };
}

/** Shapes first: a finding names the provider when one is known. */
const RULES: LineRule[] = [...SHAPE_RULES.map(shapeRule), ...CONTEXT_RULES];

/**
 * Each keyword with the rules that want it or a keyword inside it: the regex
 * below matches `authorization` whole, and the rules wanting `auth` must run too.
 */
const RULES_BY_KEYWORD = new Map<string, LineRule[]>(
  [...new Set(RULES.flatMap((r) => r.keywords))].map((keyword) => [
    keyword,
    RULES.filter((r) => r.keywords.some((k) => keyword.includes(k))),
  ]),
);

/** All keywords in one regex, longest first so `authorization` wins over `auth`. */
const KEYWORD_SOURCE = [...RULES_BY_KEYWORD.keys()]
  .sort((a, b) => b.length - a.length)
  .map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
  .join("|");
/** Run over the lower-cased text: a fifth faster than the same regex with the `i` flag. */
const KEYWORDS = new RegExp(KEYWORD_SOURCE, "g");
/** For the rare text whose lower-case form differs in length (offsets would shift). */
const KEYWORDS_ANY_CASE = new RegExp(KEYWORD_SOURCE, "gi");
/** The same two for one line at a time: a global regex keeps its place, so each scan has its own. */
const LINE_KEYWORDS = new RegExp(KEYWORD_SOURCE, "g");
const LINE_KEYWORDS_ANY_CASE = new RegExp(KEYWORD_SOURCE, "gi");

export interface SecretFinding {
  rule: string;
  /** What was found, for messages: "GitHub token". */
  name: string;
  /** 1-based line and column of the secret. */
  line: number;
  column: number;
  /** [start, end) offsets of the secret in the whole text. */
  start: number;
  end: number;
}

export interface FindOptions {
  /** Skip lines that carry ALLOW_COMMENT (files); output masking ignores it. Default true. */
  honourAllowComment?: boolean;
}

/**
 * What a keyword regex runs over, and which one: the lower-cased text, or the
 * text itself with the case-blind regex when lower-casing changes its length
 * (offsets would shift). The regex is rewound.
 */
function keywordPass(text: string, lower: RegExp, anyCase: RegExp): [string, RegExp] {
  const lowered = text.toLowerCase();
  const pass: [string, RegExp] = lowered.length === text.length
    ? [lowered, lower]
    : [text, anyCase];
  pass[1].lastIndex = 0;
  return pass;
}

/** The rules a line's keywords want. */
function rulesOf(line: string): Set<LineRule> {
  const rules = new Set<LineRule>();
  const [haystack, keywords] = keywordPass(line, LINE_KEYWORDS, LINE_KEYWORDS_ANY_CASE);
  for (let hit = keywords.exec(haystack); hit; hit = keywords.exec(haystack)) {
    for (const rule of RULES_BY_KEYWORD.get(hit[0].toLowerCase())!) rules.add(rule);
  }
  return rules;
}

/** The findings of one line by the rules its keywords want, earliest first, overlaps dropped. */
function findInLine(line: string): { rule: LineRule; span: Span }[] {
  const rules = rulesOf(line);
  const found: { rule: LineRule; span: Span }[] = [];
  for (const rule of RULES) {
    if (!rules.has(rule)) continue; // RULES' order: shapes before context rules
    for (const span of rule.find(line)) {
      if (found.some(({ span: [s, e] }) => span[0] < e && s < span[1])) continue;
      found.push({ rule, span });
    }
  }
  return found.sort((a, b) => a.span[0] - b.span[0]);
}

/**
 * `findInLine`, kept for lines seen before: an import renders the same example
 * lines into hundreds of files, and a collection repeats its header lines.
 */
const judgeLine = memoByString(findInLine, { size: 10_000, maxLength: 1_000 });

/**
 * Every likely secret in a text, with its line and offsets.
 *
 * @example
 * ```ts
 * import { findSecrets } from "./scan.ts";
 * findSecrets("Authorization: Bearer {{authToken}}").length; // 0
 * findSecrets('{"password": "hunter2"}')[0].rule; // "credential-assignment"
 * ```
 */
export function findSecrets(text: string, options: FindOptions = {}): SecretFinding[] {
  const honour = options.honourAllowComment ?? true;
  const findings: SecretFinding[] = [];
  let lineNumber = 1;
  let counted = 0; // text offset up to which newlines are counted
  let line: { start: number; end: number } | undefined;
  const finish = () => {
    if (!line) return;
    const { start, end } = line;
    for (
      let at = text.indexOf("\n", counted);
      at !== -1 && at < start;
      at = text.indexOf("\n", at + 1)
    ) {
      lineNumber++;
    }
    counted = start;
    const body = text.slice(start, text[end - 1] === "\r" ? end - 1 : end);
    if (honour && body.includes(ALLOW_COMMENT)) return;
    for (const { rule, span } of judgeLine(body)) {
      findings.push({
        rule: rule.id,
        name: rule.name,
        line: lineNumber,
        column: span[0] + 1,
        start: start + span[0],
        end: start + span[1],
      });
    }
  };
  // One regex pass finds the lines with a keyword; each is judged by the rules its keywords want.
  const [haystack, keywords] = keywordPass(text, KEYWORDS, KEYWORDS_ANY_CASE);
  for (let hit = keywords.exec(haystack); hit; hit = keywords.exec(haystack)) {
    if (line && hit.index < line.end) continue;
    finish();
    const start = text.lastIndexOf("\n", hit.index - 1) + 1;
    const end = text.indexOf("\n", hit.index);
    line = { start, end: end === -1 ? text.length : end };
    // The rest of this line is the judge's: go on from the next one.
    keywords.lastIndex = line.end;
  }
  finish();
  return findings;
}

/**
 * Scans a file's text: one issue per line that holds a likely secret.
 *
 * @example
 * ```ts
 * import { scanSecrets } from "./scan.ts";
 * scanSecrets("Authorization: Bearer {{authToken}}\n", "a.md").length; // 0
 * scanSecrets("password: Zx8!qL2#vR9\n", "a.md")[0].code; // "SECRET_DETECTED"
 * ```
 */
export function scanSecrets(text: string, file: string): Issue[] {
  const issues: Issue[] = [];
  let lastLine = 0;
  for (const finding of findSecrets(text)) {
    if (finding.line === lastLine) continue;
    lastLine = finding.line;
    issues.push(issue("SECRET_DETECTED", `Possible ${finding.name} in a versioned file`, {
      file,
      line: finding.line,
      column: finding.column,
      fix:
        "Replace the value with a {{variable}} and set it through APISPEC_<NAME> or .env.local; " +
        `if it is a documented example, end the line with ${ALLOW_COMMENT}`,
    }));
  }
  return issues;
}
