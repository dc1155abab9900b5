/**
 * Writes an endpoint file from a draft. Importers, `request --save` and the
 * UI's request builder all produce drafts, so every written file has one
 * layout and passes `validate`.
 */
import type { AuthKind, HttpMethod, MatchMode, Protocol } from "../model.ts";
import type { AuthFields } from "../auth/types.ts";
import { stringifyYaml } from "../parse/yaml.ts";
import { reasonPhrase } from "./exec.ts";

export interface DraftMessage {
  headers: [string, string][];
  body?: string;
}

export interface EndpointDraft {
  title: string;
  description?: string;
  resource: string;
  method: HttpMethod;
  path: string;
  protocol?: Protocol;
  tags?: string[];
  env?: string[];
  auth?: AuthKind;
  /** `oauth2:`, `apiKey:`, `aws:` (placeholders for every secret). */
  authFields?: AuthFields;
  timeout?: number;
  match?: MatchMode;
  ignore?: string[];
  vars?: Record<string, string | number | boolean>;
  /** `false`: `check` and Run all leave the endpoint to flows (imported deletes, until reviewed). */
  standalone?: false;
  request: DraftMessage & { target: string };
  expected: DraftMessage & {
    status: number;
    reason?: string;
    /** Alternatives as the status line writes them (`4XX`, `200|201`), in place of `status`. */
    statuses?: string;
  };
  schema?: unknown;
  errorResponses?: (DraftMessage & { status: number; reason?: string; description?: string })[];
  assertions?: string[];
  /** Free-form instructions for agents, written as an `agent-task` block. */
  tests?: string;
  notes?: string;
  /** `protocol: graphql`: the `## Query` block and the `## Variables` JSON text. */
  graphql?: { query: string; variables?: string };
}

/** A fence longer than any backtick run inside the content. */
function fence(content: string): string {
  const longest = Math.max(2, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  return "`".repeat(longest + 1);
}

function block(lang: string, content: string): string {
  const f = fence(content);
  return `${f}${lang}\n${content}\n${f}`;
}

function message(startLine: string, msg: DraftMessage): string {
  const lines = [startLine, ...msg.headers.map(([n, v]) => `${n}: ${v}`)];
  if (msg.body !== undefined && msg.body !== "") lines.push("", msg.body.replace(/\n+$/, ""));
  return lines.join("\n");
}

/**
 * @example
 * ```ts
 * import { renderSpec } from "./spec_md.ts";
 * const text = renderSpec({
 *   title: "List users", resource: "users", method: "GET", path: "/users",
 *   request: { target: "{{baseUrl}}/users", headers: [] },
 *   expected: { status: 200, headers: [["Content-Type", "application/json"]], body: "[]" },
 * });
 * text.startsWith("---\nresource: users\n"); // true
 * ```
 */
export function renderSpec(draft: EndpointDraft): string {
  const frontmatter: Record<string, unknown> = {
    resource: draft.resource,
    protocol: draft.protocol ?? "http",
    method: draft.method,
    path: draft.path,
    version: 1,
  };
  if (draft.tags?.length) frontmatter.tags = draft.tags;
  if (draft.env?.length) frontmatter.env = draft.env;
  if (draft.auth) frontmatter.auth = draft.auth;
  for (const [key, value] of Object.entries(draft.authFields ?? {})) {
    if (value && Object.keys(value).length) frontmatter[key] = value;
  }
  if (draft.timeout) frontmatter.timeout = draft.timeout;
  if ((draft.match && draft.match !== "shape") || draft.ignore?.length) {
    frontmatter.response = {
      match: draft.match ?? "shape",
      ...(draft.ignore?.length ? { ignore: draft.ignore } : {}),
    };
  }
  if (draft.vars && Object.keys(draft.vars).length) frontmatter.vars = draft.vars;
  if (draft.standalone === false) frontmatter.standalone = false;

  const parts = [`---\n${stringifyYaml(frontmatter)}---`, `# ${oneLine(draft.title)}`];
  if (draft.description?.trim()) parts.push(draft.description.trim());
  parts.push(
    "## Request",
    block("http", message(`${draft.method} ${draft.request.target}`, draft.request)),
  );
  if (draft.graphql) {
    parts.push("## Query", block("graphql", draft.graphql.query.replace(/\n+$/, "")));
    if (draft.graphql.variables) parts.push("## Variables", block("json", draft.graphql.variables));
  }
  const status = draft.expected.statuses
    ? `HTTP/1.1 ${draft.expected.statuses}`
    : `HTTP/1.1 ${draft.expected.status} ${
      reasonPhrase(draft.expected.status, draft.expected.reason)
    }`.trim();
  parts.push("## Expected response", block("http", message(status, draft.expected)));
  if (draft.schema !== undefined) {
    parts.push("## Schema", block("json", JSON.stringify(draft.schema, null, 2)));
  }
  if (draft.errorResponses?.length) {
    parts.push("## Error responses");
    for (const error of draft.errorResponses) {
      if (error.description?.trim()) parts.push(error.description.trim());
      const line = `HTTP/1.1 ${error.status} ${reasonPhrase(error.status, error.reason)}`.trim();
      parts.push(block("http", message(line, error)));
    }
  }
  if (draft.assertions?.length) {
    parts.push(
      "## Assertions",
      draft.assertions.map((a) => `- ${a}`).join("\n"),
    );
  }
  if (draft.tests?.trim()) parts.push("## Tests", block("agent-task", draft.tests.trim()));
  if (draft.notes?.trim()) parts.push("## Notes", draft.notes.trim());
  return parts.join("\n\n") + "\n";
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** `GET /users/{id}` titled "Get user by id" → `get-user-by-id`; the method is never repeated. */
export function specFileName(method: string, title: string, path: string): string {
  const lower = method.toLowerCase();
  let slug = slugify(title) || slugify(path.replace(/[:{}]/g, "")) || "root";
  if (slug === lower || slug.startsWith(`${lower}-`)) slug = slug.slice(lower.length + 1) || "root";
  return `${lower}-${slug}.md`;
}

export function slugify(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(
    /[^a-z0-9]+/g,
    "-",
  )
    .replace(/^-+|-+$/g, "").slice(0, 80).replace(/-+$/, "");
}
