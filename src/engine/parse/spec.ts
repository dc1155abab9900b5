/**
 * Parses and validates an endpoint file: frontmatter fields, the sections in
 * their order, the `http` blocks, the schema and the assertions. Returns the
 * spec when there is no error, and every issue found either way.
 */
import { type Issue, issue, warning } from "../issue.ts";
import {
  AUTH_KINDS,
  BACKOFFS,
  type EndpointSpec,
  HTTP_METHODS,
  MATCH_MODES,
  PROTOCOLS,
  type ResponseBlock,
} from "../model.ts";
import { malformedPlaceholders, templateNames } from "../resolve/template.ts";
import { GENERATED_NAMES, unknownGenerated } from "../resolve/generated.ts";
import { nearMiss } from "../text/edit_distance.ts";
import { withBodySources } from "../files/body_source.ts";
import { protocolIssues, readStreamParts } from "../streams/sections.ts";
import { STREAM_KEYS } from "../streams/options.ts";
import { readGraphqlParts } from "../graphql/sections.ts";
import { parseAssertion } from "./assertion.ts";
import { readAuthFields, readCookiesField } from "../auth/settings.ts";
import { readFrontmatter } from "./frontmatter.ts";
import { parseRequestBlock, parseResponseBlock } from "./http_block.ts";
import { type MdCodeBlock, type MdDocument, type MdSection, parseMarkdown } from "./markdown.ts";

/** Section headings in their required order. */
export const SECTIONS = [
  "Request",
  "Query",
  "Variables",
  "Expected response",
  "Expected events",
  "Messages",
  "Schema",
  "Error responses",
  "Assertions",
  "Tests",
  "Notes",
] as const;

const ENDPOINT_KEYS = [
  "resource",
  "protocol",
  "method",
  "path",
  "version",
  "tags",
  "env",
  "auth",
  "timeout",
  "retry",
  "response",
  "vars",
  "standalone",
  "stream",
  "cookies",
];

export interface ParsedEndpoint {
  spec?: EndpointSpec;
  issues: Issue[];
}

/**
 * Parses an endpoint file.
 *
 * @example
 * ```ts
 * import { parseEndpoint } from "./spec.ts";
 * const text = "---\nresource: users\nprotocol: http\nmethod: GET\npath: /users\nversion: 1\n---\n" +
 *   "## Request\n\n```http\nGET {{baseUrl}}/users\n```\n\n## Expected response\n\n```http\nHTTP/1.1 200 OK\n```\n";
 * parseEndpoint(text, "apis/users/get-users.md").spec?.method; // "GET"
 * ```
 */
export function parseEndpoint(text: string, file: string): ParsedEndpoint {
  const doc = parseMarkdown(text);
  const { reader, issues } = readFrontmatter(doc, file, "endpoint file");
  if (!reader) return { issues };

  const resource = reader.string(["resource"], true);
  const protocol = reader.enumValue(["protocol"], PROTOCOLS, true);
  const method = reader.enumValue(["method"], HTTP_METHODS, true);
  const path = reader.string(["path"], true);
  if (path !== undefined && !path.startsWith("/")) {
    reader.fail(
      ["path"],
      `Field "path" must start with "/", got "${path}"`,
      `Write \`path: /${path}\``,
    );
  }
  const version = reader.raw(["version"]);
  if (version === undefined) {
    reader.fail(["version"], 'Missing required field "version"', "Add `version: 1`");
  } else if (version !== 1) {
    reader.fail(
      ["version"],
      `Field "version" must be 1, got ${JSON.stringify(version)}`,
      "Write `version: 1`",
    );
  }
  const tags = reader.stringList(["tags"]);
  const env = reader.stringList(["env"]);
  const auth = reader.enumValue(["auth"], AUTH_KINDS, false);
  const timeout = reader.integer(["timeout"], false, 1);
  const attempts = reader.integer(["retry", "attempts"], false, 0);
  const backoff = reader.enumValue(["retry", "backoff"], BACKOFFS, false);
  const match = reader.enumValue(["response", "match"], MATCH_MODES, false) ?? "shape";
  const ignore = reader.stringList(["response", "ignore"]);
  for (const entry of ignore) {
    if (!/^(body(\[(\d+|\*)\]|\.[^.\s[\]]+)*|headers\.[^.\s]+)$/.test(entry)) {
      reader.fail(
        ["response", "ignore"],
        `Ignore path "${entry}" is not of the form body.<field> or headers.<name>`,
        "Write paths such as `body.createdAt`, `body.items[*].id` or `headers.date`",
      );
    }
  }
  const vars = reader.scalarMap(["vars"]);
  const standalone = reader.raw(["standalone"]);
  if (standalone !== undefined && standalone !== null && typeof standalone !== "boolean") {
    reader.fail(
      ["standalone"],
      'Field "standalone" must be true or false',
      "Write `standalone: false` for an endpoint that only runs inside flows",
    );
  }
  const authFields = readAuthFields(reader);
  const cookies = readCookiesField(reader);
  checkNestedKeys(reader.data, issues, file, reader.line.bind(reader));
  reader.known(ENDPOINT_KEYS);
  reader.warnUnknown();
  issues.push(...reader.issues);
  const readerIssues = reader.issues.length;

  const sections = checkSections(doc, file, issues, protocol);
  const request = parseRequest(sections.get("Request"), doc, file, issues);
  if (
    request && method && request.method !== method && HTTP_METHODS.includes(request.method as never)
  ) {
    issues.push(
      issue(
        "VALIDATION_ERROR",
        `Request line says ${request.method} but frontmatter says ${method}`,
        {
          file,
          line: request.line,
          fix: `Make both the same, e.g. \`${method} ${request.target}\``,
        },
      ),
    );
  }
  const expected = parseResponses(
    sections.get("Expected response"),
    "Expected response",
    doc,
    file,
    issues,
    true,
  )[0] ?? (protocol === "ws" ? switchingProtocols(request?.line ?? 1) : undefined);
  const errorResponses = parseResponses(
    sections.get("Error responses"),
    "Error responses",
    doc,
    file,
    issues,
    false,
  );
  const bodies = withBodySources(request, expected, file);
  issues.push(...bodies.issues);
  const schema = parseSchema(sections.get("Schema"), match, doc, file, issues);
  const assertions = parseAssertions(sections.get("Assertions"), file, issues);
  const tests = sections.get("Tests")?.codeBlocks.find((b) => b.lang === "agent-task")?.text ??
    sections.get("Tests")?.body;
  const streams = readStreamParts(protocol, sections, reader, file);
  const graphql = readGraphqlParts(protocol, sections, file, reader.line(["protocol"]));
  issues.push(
    ...reader.issues.slice(readerIssues),
    ...streams.issues,
    ...graphql.issues,
    ...protocolIssues(protocol, {
      method,
      request,
      assertions,
      until: streams.parts.stream?.until,
      untilLine: reader.line(["stream", "until"]),
    }, file),
  );
  checkPlaceholders(
    ["Request", "Variables", "Expected response", "Expected events", "Messages", "Assertions"].map((
      n,
    ) => sections.get(n)),
    file,
    issues,
  );

  if (issues.some((i) => i.severity === "error")) return { issues };
  const spec: EndpointSpec = {
    kind: "endpoint",
    file,
    title: doc.title?.text ?? `${method} ${path}`,
    description: doc.description,
    resource: resource!,
    protocol: protocol!,
    method: method!,
    path: path!,
    version: 1,
    tags,
    env,
    auth,
    timeout,
    retry: { attempts, backoff },
    match,
    ignore,
    vars,
    ...(standalone === false ? { standalone: false } : {}),
    ...(cookies === false ? { cookies } : {}),
    ...authFields,
    request: bodies.request!,
    expected: bodies.expected!,
    schema,
    errorResponses,
    assertions,
    tests,
    notes: sections.get("Notes")?.body,
    ...streams.parts,
    ...(graphql.graphql ? { graphql: graphql.graphql } : {}),
  };
  return { spec, issues };
}

/** `retry` and `response` must be maps when written nested. */
function checkNestedKeys(
  data: Record<string, unknown>,
  issues: Issue[],
  file: string,
  line: (path: string[]) => number,
) {
  const nested: Record<string, string[]> = {
    retry: ["attempts", "backoff"],
    response: ["match", "ignore"],
    stream: [...STREAM_KEYS],
  };
  for (const [key, allowed] of Object.entries(nested)) {
    const value = data[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== "object" || Array.isArray(value)) {
      issues.push(issue("SPEC_PARSE_ERROR", `Field "${key}" must be a map`, {
        file,
        line: line([key]),
        fix: `Write \`${key}:\` with indented \`${allowed[0]}: ...\` below it`,
      }));
      continue;
    }
    for (const inner of Object.keys(value)) {
      if (allowed.includes(inner)) continue;
      const near = nearMiss(inner, allowed);
      const where = { file, line: line([key, inner]) };
      issues.push(
        near
          ? issue("SPEC_PARSE_ERROR", `Unknown frontmatter key "${key}.${inner}"`, {
            ...where,
            fix: `Did you mean "${key}.${near}"? Known keys under ${key}: ${allowed.join(", ")}`,
          })
          : warning(`Unknown frontmatter key "${key}.${inner}" is ignored`, {
            ...where,
            fix: `Known keys under ${key}: ${allowed.join(", ")}`,
          }),
      );
    }
  }
}

/** A WebSocket answer documents no HTTP response: the handshake's 101 is implied. */
function switchingProtocols(line: number): ResponseBlock {
  return { status: 101, reason: "Switching Protocols", headers: [], body: "", line };
}

/** Maps canonical section names to sections; reports missing, duplicate, unknown and misordered ones. */
function checkSections(
  doc: MdDocument,
  file: string,
  issues: Issue[],
  protocol?: string,
): Map<string, MdSection> {
  const found = new Map<string, MdSection>();
  let lastIndex = -1;
  let lastName = "";
  for (const section of doc.sections) {
    const name = SECTIONS.find((s) => s.toLowerCase() === section.heading.toLowerCase());
    if (!name) {
      issues.push(warning(`Unknown section "## ${section.heading}" is ignored`, {
        file,
        line: section.line,
        fix: `Known sections: ${
          SECTIONS.join(", ")
        }; use ### headings inside ## Notes for free text`,
      }));
      continue;
    }
    if (found.has(name)) {
      issues.push(issue("SPEC_PARSE_ERROR", `Section "## ${name}" appears twice`, {
        file,
        line: section.line,
        fix: `Merge both into the "## ${name}" section at line ${found.get(name)!.line}`,
      }));
      continue;
    }
    const index = SECTIONS.indexOf(name);
    if (index < lastIndex) {
      issues.push(
        issue("SPEC_PARSE_ERROR", `Section "## ${name}" must come before "## ${lastName}"`, {
          file,
          line: section.line,
          fix: `Order sections as: ${SECTIONS.join(", ")}`,
        }),
      );
    } else {
      lastIndex = index;
      lastName = name;
    }
    found.set(name, section);
  }
  for (const required of protocol === "ws" ? ["Request"] : ["Request", "Expected response"]) {
    if (!found.has(required)) {
      issues.push(issue("SPEC_PARSE_ERROR", `Missing section "## ${required}"`, {
        file,
        line: doc.sections[0]?.line ?? doc.lineCount,
        fix: `Add a "## ${required}" heading followed by one \`\`\`http block`,
      }));
    }
  }
  return found;
}

function httpBlocks(
  section: MdSection,
  name: string,
  file: string,
  issues: Issue[],
  exactlyOne: boolean,
): MdCodeBlock[] {
  const blocks = section.codeBlocks.filter((b) => b.lang === "http");
  if (exactlyOne && blocks.length !== 1) {
    issues.push(
      issue(
        "SPEC_PARSE_ERROR",
        `Section "## ${name}" must hold exactly one \`\`\`http block, found ${blocks.length}`,
        {
          file,
          line: blocks[1]?.line ?? section.line,
          fix: blocks.length === 0
            ? "Put the HTTP message in a fenced block that opens with ```http"
            : "Keep one ```http block here; document other responses under ## Error responses",
        },
      ),
    );
  }
  return blocks;
}

function parseRequest(
  section: MdSection | undefined,
  _doc: MdDocument,
  file: string,
  issues: Issue[],
) {
  if (!section) return undefined;
  const blocks = httpBlocks(section, "Request", file, issues, true);
  if (blocks.length !== 1) return undefined;
  const { block, issues: found } = parseRequestBlock(blocks[0].text, file, blocks[0].contentLine);
  issues.push(...found);
  return block;
}

function parseResponses(
  section: MdSection | undefined,
  name: string,
  _doc: MdDocument,
  file: string,
  issues: Issue[],
  exactlyOne: boolean,
): ResponseBlock[] {
  if (!section) return [];
  const blocks = httpBlocks(section, name, file, issues, exactlyOne);
  if (exactlyOne && blocks.length !== 1) return [];
  if (!exactlyOne && blocks.length === 0) {
    issues.push(warning(`Section "## ${name}" holds no \`\`\`http block`, {
      file,
      line: section.line,
      fix: "Document each error contract as a ```http block with its status line",
    }));
  }
  const responses: ResponseBlock[] = [];
  for (const b of blocks) {
    const { block, issues: found } = parseResponseBlock(b.text, file, b.contentLine);
    issues.push(...found);
    if (block) responses.push(block);
  }
  return responses;
}

function parseSchema(
  section: MdSection | undefined,
  match: string,
  doc: MdDocument,
  file: string,
  issues: Issue[],
): EndpointSpec["schema"] {
  if (!section) {
    if (match === "schema") {
      issues.push(
        issue("SPEC_PARSE_ERROR", 'Section "## Schema" is required with response.match: schema', {
          file,
          line: doc.frontmatter?.line ?? 1,
          fix:
            "Add a ## Schema section with a ```json block holding a JSON schema, or use match: shape",
        }),
      );
    }
    return undefined;
  }
  const blocks = section.codeBlocks.filter((b) => b.lang === "json");
  if (blocks.length !== 1) {
    issues.push(
      issue(
        "SPEC_PARSE_ERROR",
        `Section "## Schema" must hold exactly one \`\`\`json block, found ${blocks.length}`,
        {
          file,
          line: section.line,
          fix: "Put the JSON schema in one fenced block that opens with ```json",
        },
      ),
    );
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(blocks[0].text);
  } catch (error) {
    issues.push(issue("VALIDATION_ERROR", `Cannot parse schema JSON: ${(error as Error).message}`, {
      file,
      line: blocks[0].contentLine,
      fix: "Write the schema as strict JSON (double quotes, no trailing commas)",
    }));
    return undefined;
  }
  if (typeof value !== "object" && typeof value !== "boolean") {
    issues.push(
      issue("VALIDATION_ERROR", "Cannot use schema: a JSON schema must be an object or a boolean", {
        file,
        line: blocks[0].contentLine,
        fix: 'Write a JSON Schema object, e.g. {"type": "object"}',
      }),
    );
    return undefined;
  }
  return { value, line: blocks[0].contentLine };
}

function parseAssertions(section: MdSection | undefined, file: string, issues: Issue[]) {
  if (!section) return [];
  const rules = [];
  for (const item of section.listItems) {
    const { rule, issue: problem } = parseAssertion(item.text, file, item.line);
    if (problem) issues.push(problem);
    if (rule) rules.push(rule);
  }
  return rules;
}

/** Executable sections only (their code blocks and list items): notes may quote `{{` freely. */
function checkPlaceholders(sections: (MdSection | undefined)[], file: string, issues: Issue[]) {
  const report = (text: string, line: number) => {
    for (const bad of malformedPlaceholders(text)) {
      issues.push(issue("VALIDATION_ERROR", `Malformed placeholder "${bad.trim()}"`, {
        file,
        line,
        fix: "Write placeholders as {{name}} with a name of letters, digits and _",
      }));
    }
    // A Postman dynamic value apispec does not make stays a variable to define, so a warning.
    for (const name of templateNames(text)) {
      const meant = unknownGenerated(name);
      if (meant === undefined) continue;
      issues.push(warning(`{{${name}}} is not a value apispec generates`, {
        file,
        line,
        fix: `${meant ? `Did you mean {{${meant}}}? ` : ""}Generated values: ${
          GENERATED_NAMES.map((n) => `{{${n}}}`).join(", ")
        }; otherwise define ${name} with --var or in env.md`,
      }));
    }
  };
  for (const section of sections) {
    if (!section) continue;
    for (const block of section.codeBlocks) {
      if (!block.text.includes("{{")) continue;
      block.text.split("\n").forEach((text, offset) => report(text, block.contentLine + offset));
    }
    for (const item of section.listItems) report(item.text, item.line);
  }
}
