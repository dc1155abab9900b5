/**
 * `protocol: graphql` files: `## Query` holds one `graphql` block and
 * `## Variables` an optional `json` block (placeholders allowed). The query's
 * syntax is checked by graphql-js where the file is loaded (ops), so reading
 * a file here loads no GraphQL library.
 */
import { type Issue, issue } from "../issue.ts";
import type { GraphqlRequest, Protocol } from "../model.ts";
import type { MdSection } from "../parse/markdown.ts";
import { fillJsonTemplate } from "../resolve/json_template.ts";
import { oneBlock } from "../parse/one_block.ts";

/** The name of the first named operation (`query GetUser(...)` → `GetUser`). */
export function operationNameOf(query: string): string | undefined {
  const text = query.replace(/#[^\n]*/g, "");
  return /(?:^|[\s}])(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(text)?.[1];
}

/** The first field a query selects (`{ me { id } }` → `me`), for anonymous operations. */
export function firstFieldOf(query: string): string | undefined {
  return /\{\s*([_A-Za-z][_0-9A-Za-z]*)/.exec(query.replace(/#[^\n]*/g, ""))?.[1];
}

/**
 * The path under which the mock serves a GraphQL file: every file of an API
 * shares one URL, so the operation tells them apart (`/graphql/__graphql/GetUser`).
 */
export function graphqlRoutePath(path: string, query: string, operationName?: string): string {
  const key = operationName ?? operationNameOf(query) ?? firstFieldOf(query) ?? "anonymous";
  return `${path.replace(/\/+$/, "")}/__graphql/${key}`;
}

/** Reads `## Query` and `## Variables` of a file whose protocol is `protocol`. */
export function readGraphqlParts(
  protocol: Protocol | undefined,
  sections: Map<string, MdSection>,
  file: string,
  protocolLine: number,
): { graphql?: GraphqlRequest; issues: Issue[] } {
  const query = sections.get("Query");
  const variables = sections.get("Variables");
  if (protocol !== "graphql") {
    const stray = [query && ["Query", query], variables && ["Variables", variables]].filter(
      Boolean,
    ) as [string, MdSection][];
    return {
      issues: stray.map(([name, section]) =>
        issue("SPEC_PARSE_ERROR", `Section "## ${name}" needs protocol: graphql`, {
          file,
          line: section.line,
          fix: "Set `protocol: graphql` in the frontmatter, or remove the section",
        })
      ),
    };
  }
  if (!query) {
    return {
      issues: [issue("SPEC_PARSE_ERROR", 'A protocol: graphql file needs a "## Query" section', {
        file,
        line: protocolLine,
        fix: "Add `## Query` with a ```graphql block holding the query or mutation",
      })],
    };
  }
  const issues: Issue[] = [];
  const block = one(query, "graphql", file, issues);
  if (!block) return { issues };
  if (block.text.trim() === "") {
    issues.push(issue("SPEC_PARSE_ERROR", "The ```graphql block of ## Query is empty", {
      file,
      line: block.line,
      fix: "Write the operation, e.g. `query { user(id: 1) { id name } }`",
    }));
    return { issues };
  }
  const graphql: GraphqlRequest = { query: block.text, line: block.contentLine };
  const name = operationNameOf(block.text);
  if (name) graphql.operationName = name;
  if (variables) {
    const json = one(variables, "json", file, issues);
    if (json) {
      const probe = fillJsonTemplate(json.text, () => "0");
      let value: unknown;
      try {
        value = JSON.parse(probe);
      } catch (error) {
        issues.push(
          issue("VALIDATION_ERROR", `Cannot parse variables JSON: ${(error as Error).message}`, {
            file,
            line: json.contentLine,
            fix: 'Write the variables as a JSON object, e.g. {"id": "{{userId}}"}',
          }),
        );
      }
      if (
        value !== undefined && (typeof value !== "object" || value === null || Array.isArray(value))
      ) {
        issues.push(issue("VALIDATION_ERROR", "GraphQL variables must be a JSON object", {
          file,
          line: json.contentLine,
          fix: 'Write {"name": value, ...}',
        }));
      }
      graphql.variables = { text: json.text, line: json.contentLine };
    }
  }
  return { graphql, issues };
}

function one(section: MdSection, lang: string, file: string, issues: Issue[]) {
  const found = oneBlock(
    section,
    lang,
    file,
    `Put it in one fenced block that opens with \`\`\`${lang}`,
  );
  if (found.issue) issues.push(found.issue);
  return found.block;
}
