/**
 * Rules that judge a value by where it sits rather than by its own shape: an
 * Authorization header, credentials inside a URL (`postgres://user:pw@`),
 * `curl -u user:pw`, and `name: value` / `name=value` / `"name": "value"`
 * pairs whose name is a credential (word match, see names.ts). Values are
 * judged in value.ts: placeholders and dummies never count.
 */
import { secretKind } from "./names.ts";
import { entropy, isInertValue, isPasswordLiteral, looksRandom } from "./value.ts";
import { percentDecoded } from "../text/percent.ts";

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
  return value.length >= 8 && !isInertValue(value, { credentialPlace: true }) &&
    entropy(value) >= 2.5;
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
      return value.length >= 3 && !isInertValue(value) && !isInertValue(percentDecoded(value));
    }),
};

const CURL_USER = /\bcurl\b.*?[ \t](?:-u|--user)(?:=|[ \t]+)["']?[^\s:"']+:([^\s"']+)/dg;

const curlUser: LineRule = {
  id: "curl-auth-user",
  name: "password in a curl command",
  keywords: ["curl"],
  // `-u <user:password>` and `-u [user:pass]` are placeholders as a whole.
  find: (line) =>
    groupSpans(CURL_USER, line, 1).filter(([s, e]) =>
      isPasswordLiteral(line.slice(s, e)) && !/[>\]]$/.test(line.slice(s, e))
    ),
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

/**
 * `name`, `"name"`, `'name'` or `\"name\"` (inside an escaped JSON string), a
 * separator, then a quoted or bare value (always last in the match).
 */
const ASSIGNMENT = new RegExp(
  String
    .raw`(?:\\"(?<en>[^"\\\n]{1,80})\\"|"(?<dn>[^"\n]{1,80})"|'(?<sn>[^'\n]{1,80})'|(?<![\w$.-])(?<bn>[A-Za-z_$][\w.$-]{0,80}))` +
    String.raw`[ \t]*(?<op>=>|:=|::|[:=])[ \t]*` +
    String
      .raw`(?:\\"(?<ev>[^"\\\n]*)\\"|"(?<dv>(?:[^"\\\n]|\\.)*)"|'(?<sv>[^'\n]*)'|(?<bv>[^\s"'\x60{[][^\s"'\x60]*))`,
  "g",
);

/** A name worth splitting into words: it holds a credential word's stem. */
const CREDENTIAL_STEM = /pass|pwd|token|secret|key|cred|cookie|auth|bearer|session/i;

/** What may follow a bare value for it to be a value, not the first word of a sentence. */
const LINE_REST = /^[,;)}\]]*[ \t]*(?:(?:#|\/\/|<!--).*)?$/;

interface Assignment {
  name: string;
  op: string;
  /** The value as written, without its quotes. */
  raw: string;
  /** Where `raw` starts in the line. */
  start: number;
  quoted: boolean;
}

function assignmentOf(match: RegExpExecArray): Assignment {
  const g = match.groups!;
  const quote = g.ev !== undefined ? 2 : g.dv !== undefined || g.sv !== undefined ? 1 : 0;
  const raw = g.ev ?? g.dv ?? g.sv ?? g.bv;
  return {
    name: g.en ?? g.dn ?? g.sn ?? g.bn,
    op: g.op,
    raw,
    start: match.index + match[0].length - raw.length - quote,
    quoted: quote > 0,
  };
}

function judgeAssignment(line: string, pair: Assignment): Span | undefined {
  const { name, raw, start } = pair;
  // Cheap rejections first: most pairs are placeholders or plainly not credentials.
  if (raw.length < 4 || raw.startsWith("{{") || raw.startsWith("${")) return undefined;
  if (!CREDENTIAL_STEM.test(name)) return undefined;
  const kind = secretKind(name);
  // A lone `key` names too many things in files (license, cache and map keys) to judge here;
  // cookies are judged pair by pair (cookieHeader).
  if (!kind || /^key$/i.test(name.trim()) || /cookie$/i.test(name)) return undefined;
  let value = raw;
  if (!pair.quoted) {
    // `key=value&next=…` is a query or form string; `value,` or `value}` ends in flow YAML or code.
    if (pair.op.includes("=") && value.includes("&")) value = value.slice(0, value.indexOf("&"));
    value = trimEnd(value);
    const rest = line.slice(start + value.length);
    if (kind === "password" && !LINE_REST.test(rest) && !rest.startsWith("&")) return undefined;
  }
  const decoded = pair.op.includes("=") && !pair.quoted ? percentDecoded(value) : value;
  const judged = kind === "password"
    ? isPasswordLiteral(value)
    : looksRandom(value) || (decoded !== value && looksRandom(decoded));
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
    for (let match = ASSIGNMENT.exec(line); match; match = ASSIGNMENT.exec(line)) {
      const pair = assignmentOf(match);
      const span = judgeAssignment(line, pair);
      if (span) spans.push(span);
      // Pairs hide inside pairs: `a=1&password=x` (a form or query string: the rest of its pairs
      // judged here, in one pass), and a quoted value holding pairs (`"data": "a=1&b=2"`,
      // `"body": "{\"password\":\"x\"}"`): read on from inside it.
      if (!pair.quoted && pair.op.includes("=") && pair.raw.includes("&")) {
        spans.push(...formPairs(line, pair));
      } else if (pair.quoted && /[=:]/.test(pair.raw)) {
        ASSIGNMENT.lastIndex = pair.start;
      }
    }
    return spans;
  },
};

/** The pairs after the first of `a=1&b=2&password=x`, each judged by its own name. */
function formPairs(line: string, first: Assignment): Span[] {
  const spans: Span[] = [];
  let at = first.start + first.raw.indexOf("&") + 1;
  for (const text of first.raw.slice(at - first.start).split("&")) {
    const eq = text.indexOf("=");
    if (eq > 0 && /^[A-Za-z_$][\w.$-]{0,80}$/.test(text.slice(0, eq))) {
      const pair = {
        name: text.slice(0, eq),
        op: "=",
        raw: text.slice(eq + 1),
        start: at + eq + 1,
      };
      const span = judgeAssignment(line, { ...pair, quoted: false });
      if (span) spans.push(span);
    }
    at += text.length + 1;
  }
  return spans;
}

/** A bare value loses the `,` `;` `)` `}` `]` that end it in flow YAML, JSON or code, and what follows a `\n` escape. */
function trimEnd(value: string): string {
  // Inside a JSON string a line ends at an escaped newline.
  return value.replace(/\\[nrt][\s\S]*$/, "").replace(/[,;)}\]]+$/, "");
}

export const CONTEXT_RULES: LineRule[] = [
  authorizationHeader,
  cookieHeader,
  urlCredentials,
  curlUser,
  credentialAssignment,
];
