/**
 * `api-docs/project.md`: frontmatter with `name`, `version: 1`,
 * `default-env`, `timeout`, `retry`, `auth` (with `oauth2`, `apiKey`, `aws`),
 * `tls`, `proxy` and `openapi`; a free markdown body.
 */
import type { Issue } from "../issue.ts";
import { AUTH_KINDS, BACKOFFS, DEFAULT_PROJECT, type ProjectConfig } from "../model.ts";
import { readFrontmatter } from "./frontmatter.ts";
import { readAuthFields, readTransportFields } from "../auth/settings.ts";
import { parseMarkdown } from "./markdown.ts";

/**
 * Parses the project config; missing fields take their defaults.
 *
 * @example
 * ```ts
 * import { parseProject } from "./project.ts";
 * parseProject("---\nname: shop\nversion: 1\ndefault-env: staging\n---\n", "project.md").config.defaultEnv; // "staging"
 * ```
 */
export function parseProject(
  text: string,
  file: string,
): { config: ProjectConfig; issues: Issue[] } {
  const { reader, issues } = readFrontmatter(parseMarkdown(text), file, "project file");
  if (!reader) return { config: DEFAULT_PROJECT, issues };
  const version = reader.raw(["version"]);
  if (version !== undefined && version !== 1) {
    reader.fail(
      ["version"],
      `Field "version" must be 1, got ${JSON.stringify(version)}`,
      "Write `version: 1`",
    );
  }
  const config: ProjectConfig = {
    name: reader.string(["name"], false) ?? DEFAULT_PROJECT.name,
    defaultEnv: reader.string(["default-env"], false) ?? DEFAULT_PROJECT.defaultEnv,
    timeout: reader.integer(["timeout"], false, 1) ?? DEFAULT_PROJECT.timeout,
    retry: {
      attempts: reader.integer(["retry", "attempts"], false, 0) ?? DEFAULT_PROJECT.retry.attempts,
      backoff: reader.enumValue(["retry", "backoff"], BACKOFFS, false) ??
        DEFAULT_PROJECT.retry.backoff,
    },
    auth: reader.enumValue(["auth"], AUTH_KINDS, false) ?? DEFAULT_PROJECT.auth,
  };
  Object.assign(config, readAuthFields(reader), readTransportFields(reader));
  const strict = reader.boolean(["strict-assertions"], false);
  if (strict !== undefined) config.strictAssertions = strict;
  const openapi = reader.string(["openapi"], false);
  const outside = openapi === undefined ? undefined : openApiPathProblem(openapi);
  if (outside) reader.fail(["openapi"], outside, OPENAPI_FIX);
  else if (openapi !== undefined) config.openapi = openapi;
  reader.warnUnknown();
  return { config, issues: [...issues, ...reader.issues] };
}

const OPENAPI_FIX =
  "Write the document's path relative to project.md, inside the project: `openapi: ../openapi.yaml`";

/**
 * Why an `openapi:` value cannot name a file of the project, or undefined.
 * The project is the folder that holds `api-docs/`, one level above the
 * project file; links are checked where the file is read.
 */
function openApiPathProblem(value: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    return `Field "openapi" must be a file path, got the URL "${value}"`;
  }
  const slashed = value.replaceAll("\\", "/");
  if (slashed.startsWith("/") || /^[A-Za-z]:/.test(slashed)) {
    return `Field "openapi" must be relative to project.md, got "${value}"`;
  }
  let depth = 0;
  for (const part of slashed.split("/")) {
    if (part === "..") depth--;
    else if (part !== "." && part !== "") depth++;
    if (depth < -1) return `Field "openapi" leaves the project: "${value}"`;
  }
  return undefined;
}

/** `README.md` and other frontmatter-only files: the frontmatter, if any, must parse. */
export function parseFrontmatterOnly(text: string, file: string): Issue[] {
  const doc = parseMarkdown(text);
  if (!doc.frontmatter && !doc.unclosedFrontmatter) return [];
  return readFrontmatter(doc, file, "file").issues;
}
