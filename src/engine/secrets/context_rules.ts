/**
 * Rules that judge a value by where it sits rather than by its own shape: an
 * Authorization header, credentials inside a URL (`postgres://user:pw@`),
 * `curl -u user:pw`, and `name: value` / `name=value` / `"name": "value"`
 * pairs whose name is a credential (word match, see names.ts). Values are
 * judged in value.ts: placeholders and dummies never count.
 */
import { secretKind } from "./names.ts";
import { entropy, isInertValue, isPasswordLiteral, looksRandom } from "./value.ts";

/** A secret's place in a line: [start, end) character offsets. */
export type Span = [number, number];

export interface LineRule {
  id: string;
  name: string;
  /** Lower-case words one of which a line must hold before the rule runs. */
  keywords: string[];
  find(line: string): Span[];
}

/** Offsets of capture group `group` in each match of a global regex with the `d` flag. */
function groupSpans(regex: RegExp, line: string, group: number): Span[] {
  const spans: Span[] = [];
  regex.lastIndex = 0;
  for (const match of line.matchAll(regex)) {
    const at = match.indices?.[group];
    if (at) spans.push([at[0], at[1]]);
  }
  return spans;
}

const AUTHORIZATION =
  /(?:^|[\s"'{,(\[])(?:proxy-)?authorization["']?[ \t]*[:=][ \t]*["']?(?:(bearer|basic|token|apikey|api-key|sso-key)[ \t]+)?([^\s"',;]+)/dgi;

const authorizationHeader: LineRule = {
  id: "authorization-header",
  name: "credential in an Authorization header",
  keywords: ["authorization"],
  find(line) {
    const spans: Span[] = [];
    AUTHORIZATION.lastIndex = 0;
    for (const match of line.matchAll(AUTHORIZATION)) {
      const start = match.indices![2]![0];
      const value = isInertValue(match[2]) ? match[2] : trimEnd(match[2]);
      if (judgeCredential(match[1]?.toLowerCase(), value)) {
        spans.push([start, start + value.length]);
      }
    }
    return spans;
  },
};

/** A scheme's credential: Basic is judged by the password it encodes; others must look generated. */
function judgeCredential(scheme: string | undefined, value: string): boolean {
  if (scheme === "basic") {
    const decoded = decodeBase64(value);
    const colon = decoded?.indexOf(":") ?? -1;
    return decoded !== undefined && colon >= 0
      ? isPasswordLiteral(decoded.slice(colon + 1))
      : false;
  }
  if (!scheme) return looksRandom(value);
  return value.length >= 8 && !isInertValue(value) && entropy(value) >= 2.5;
}

function decodeBase64(value: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined;
  try {
    return atob(value);
  } catch {
    return undefined;
  }
}

const URL_CREDENTIALS = /\b[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^\s:@\/?#"'<>]*:([^\s@\/?#"'<>]+)@/dg;

const urlCredentials: LineRule = {
  id: "url-credentials",
  name: "password in a URL",
  keywords: ["://"],
  find: (line) =>
    groupSpans(URL_CREDENTIALS, line, 1).filter(([s, e]) => {
      const value = line.slice(s, e);
      return value.length >= 3 && !isInertValue(value) && !isInertValue(safeDecode(value));
    }),
};

const CURL_USER = /\bcurl\b.*?[ \t](?:-u|--user)(?:=|[ \t]+)["']?[^\s:"']+:([^\s"']+)/dg;

const curlUser: LineRule = {
  id: "curl-auth-user",
  name: "password in a curl command",
  keywords: ["curl"],
  find: (line) =>
    groupSpans(CURL_USER, line, 1).filter(([s, e]) => isPasswordLiteral(line.slice(s, e))),
};

const COOKIE_HEADER = /(?:^|[\s"'{,(\[])(?:set-)?cookie["']?[ \t]*:[ \t]*["']?([^"'\n]+)/dgi;

/** A Cookie header holds several `name=value` pairs: each value is judged alone. */
const cookieHeader: LineRule = {
  id: "cookie-header",
  name: "session cookie",
  keywords: ["cookie"],
  find(line) {
    const spans: Span[] = [];
    COOKIE_HEADER.lastIndex = 0;
    for (const match of line.matchAll(COOKIE_HEADER)) {
      let at = match.indices![1]![0];
      for (const pair of match[1].split(";")) {
        const eq = pair.indexOf("=");
        const value = trimEnd(pair.slice(eq + 1).trim());
        const start = at + pair.indexOf(value, eq + 1);
        if (eq > 0 && looksRandom(value)) spans.push([start, start + value.length]);
        at += pair.length + 1;
      }
    }
    return spans;
  },
};

/** `name`, `"name"` or `'name'`, a separator, then a quoted or bare value (always last in the match). */
const ASSIGNMENT =
  /(?:"([^"\n]{1,80})"|'([^'\n]{1,80})'|(?<![\w$.-])([A-Za-z_$][\w.$-]{0,80}))[ \t]*(=>|:=|::|[:=])[ \t]*(?:"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'|([^\s"'\x60{[][^\s"'\x60]*))/g;

/** A name worth splitting into words: it holds a credential word's stem. */
const CREDENTIAL_STEM = /pass|pwd|token|secret|key|cred|cookie|auth|bearer|session/i;

/** What may follow a bare value for it to be a value, not the first word of a sentence. */
const LINE_REST = /^[,;)}\]]*[ \t]*(?:(?:#|\/\/|<!--).*)?$/;

function judgeAssignment(line: string, match: RegExpMatchArray): Span | undefined {
  const quoted = match[5] ?? match[6];
  const raw = quoted ?? match[7];
  // Cheap rejections first: most pairs are placeholders or plainly not credentials.
  if (raw.length < 4 || raw.startsWith("{{") || raw.startsWith("${")) return undefined;
  const name = match[1] ?? match[2] ?? match[3];
  if (!CREDENTIAL_STEM.test(name)) return undefined;
  const kind = secretKind(name);
  // A lone `key` names too many things in files (license, cache and map keys) to judge here;
  // cookies are judged pair by pair (cookieHeader).
  if (!kind || /^key$/i.test(name.trim()) || /cookie$/i.test(name)) return undefined;
  // The value ends the match (its closing quote too, when quoted).
  const start = match.index! + match[0].length - raw.length - (quoted === undefined ? 0 : 1);
  let value = raw;
  if (quoted === undefined) {
    // `key=value&next=…` is a query string; `value,` or `value}` ends in flow YAML or code.
    if (match[4].includes("=") && value.includes("&")) value = value.slice(0, value.indexOf("&"));
    value = trimEnd(value);
    const rest = line.slice(start + value.length);
    if (kind === "password" && !LINE_REST.test(rest) && !rest.startsWith("&")) return undefined;
  }
  const judged = kind === "password" ? isPasswordLiteral(value) : looksRandom(value);
  return judged ? [start, start + value.length] : undefined;
}

const credentialAssignment: LineRule = {
  id: "credential-assignment",
  name: "credential value",
  keywords: [
    "pass",
    "pwd",
    "token",
    "secret",
    "key",
    "cred",
    "cookie",
    "auth",
    "bearer",
    "session",
  ],
  find(line) {
    const spans: Span[] = [];
    ASSIGNMENT.lastIndex = 0;
    for (const match of line.matchAll(ASSIGNMENT)) {
      const span = judgeAssignment(line, match);
      if (span) spans.push(span);
    }
    return spans;
  },
};

/** A bare value loses the `,` `;` `)` `}` `]` that end it in flow YAML, JSON or code, and what follows a `\n` escape. */
function trimEnd(value: string): string {
  // Inside a JSON string a line ends at an escaped newline.
  return value.replace(/\\[nrt][\s\S]*$/, "").replace(/[,;)}\]]+$/, "");
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export const CONTEXT_RULES: LineRule[] = [
  authorizationHeader,
  cookieHeader,
  urlCredentials,
  curlUser,
  credentialAssignment,
];
