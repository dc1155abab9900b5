/**
 * Finds likely credentials in versioned markdown before any request is sent
 * (exit 5). Placeholders, git SHAs, UUIDs and dummy values are not secrets; a
 * line may accept a documented false positive with
 * `<!-- apispec:allow-secret -->`.
 */
import { type Issue, issue } from "../issue.ts";

export const ALLOW_COMMENT = "<!-- apispec:allow-secret -->";

interface Pattern {
  name: string;
  regex: RegExp;
  /** Index of the capture group holding the value; 0 is the whole match. */
  group: number;
  check?: (value: string) => boolean;
}

const SECRET_KEY =
  "(?:password|passwd|pwd|secret|client[_-]?secret|api[_-]?key|apikey|access[_-]?key|private[_-]?key|" +
  "auth[_-]?token|access[_-]?token|refresh[_-]?token|bearer[_-]?token|token)";

const PATTERNS: Pattern[] = [
  {
    name: "private key",
    regex: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----/,
    group: 0,
  },
  { name: "AWS access key", regex: /\b((?:AKIA|ASIA)[0-9A-Z]{16})\b/, group: 1 },
  {
    name: "GitHub token",
    regex: /\b(gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/,
    group: 1,
  },
  { name: "Slack token", regex: /\b(xox[abprs]-[A-Za-z0-9-]{10,})/, group: 1 },
  { name: "Stripe key", regex: /\b((?:sk|rk)_live_[A-Za-z0-9]{16,})/, group: 1 },
  { name: "Google API key", regex: /\b(AIza[0-9A-Za-z_-]{35})\b/, group: 1 },
  { name: "OpenAI-style key", regex: /\b(sk-(?:proj-)?[A-Za-z0-9_-]{32,})/, group: 1 },
  {
    name: "JSON Web Token",
    regex: /\b(eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})/,
    group: 1,
  },
  {
    name: "credentials in an Authorization header",
    regex: /^\s*(?:Proxy-)?Authorization\s*:\s*(?:Bearer|Basic|Token|Digest)\s+(\S.*?)\s*$/i,
    group: 1,
    check: (value) => value.length >= 8,
  },
  {
    name: "secret value",
    regex: new RegExp(
      `["']?[\\w-]*${SECRET_KEY}[\\w-]*["']?\\s*[:=]\\s*(?:"([^"]*)"|'([^']*)'|([^\\s,#}]+))`,
      "i",
    ),
    group: -1,
    check: looksSecret,
  },
];

/**
 * Every pattern above needs one of these words on its line; testing them first
 * skips almost every line of a large file (a 16 MB import scans in a tenth of the time).
 */
const CANDIDATE =
  /token|secret|passw|pwd|key|auth|AKIA|ASIA|gh[pousr]_|github_pat_|xox|_live_|AIza|sk-|eyJ/i;

const DUMMY =
  /^(?:x+|\*+|\.+|-+|changeme|change-me|example[\w-]*|redacted|secret|password|token|string|null|true|false|none|undefined|lorem\w*|ipsum|dummy\w*|fake\w*|test\w*|sample\w*|placeholder|your[-_]\w+|<[^>]*>|\$\{[^}]*\}|\$\w+)$/i;

/**
 * A literal value that is long and random-looking enough to be a real
 * credential: at least 8 characters mixing two character classes, and not a
 * placeholder, id, URL or dummy word.
 */
export function looksSecret(value: string): boolean {
  const v = value.trim();
  if (v.length < 8 || /\{\{.*\}\}/.test(v) || DUMMY.test(v)) return false;
  if (/^\d+$/.test(v)) return false; // ids, expiry seconds
  if (/^[0-9a-f]{40}$|^[0-9a-f]{7,12}$/i.test(v)) return false; // git SHAs
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) return false; // UUIDs
  if (/^(?:https?:)?\/\//.test(v)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^\w\s.-]/].filter((re) => re.test(v)).length;
  return classes >= 2;
}

function valueOf(match: RegExpExecArray, pattern: Pattern): string {
  if (pattern.group >= 0) return match[pattern.group] ?? "";
  return match[1] ?? match[2] ?? match[3] ?? "";
}

/**
 * Scans text line by line.
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
  // Most files hold no candidate word at all: one test of the whole text settles them.
  if (!CANDIDATE.test(text)) return issues;
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (!CANDIDATE.test(line) || line.includes(ALLOW_COMMENT)) continue;
    for (const pattern of PATTERNS) {
      const match = pattern.regex.exec(line);
      if (!match) continue;
      const value = valueOf(match, pattern);
      if (value.trim().startsWith("{{") || value.includes("****")) continue;
      if (pattern.check && !pattern.check(value)) continue;
      issues.push(issue("SECRET_DETECTED", `Possible ${pattern.name} in a versioned file`, {
        file,
        line: index + 1,
        column: match.index + 1,
        fix:
          "Replace the value with a {{variable}} and set it through APISPEC_<NAME> or .env.local; " +
          `if it is a documented example, end the line with ${ALLOW_COMMENT}`,
      }));
      break;
    }
  }
  return issues;
}
