/**
 * `api-docs/project.md`: frontmatter with `name`, `version: 1`,
 * `default-env`, `timeout`, `retry` and `auth`; a free markdown body.
 */
import type { Issue } from "../issue.ts";
import { AUTH_KINDS, BACKOFFS, DEFAULT_PROJECT, type ProjectConfig } from "../model.ts";
import { readFrontmatter } from "./frontmatter.ts";
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
  const strict = reader.boolean(["strict-assertions"], false);
  if (strict !== undefined) config.strictAssertions = strict;
  reader.warnUnknown();
  return { config, issues: [...issues, ...reader.issues] };
}

/** `README.md` and other frontmatter-only files: the frontmatter, if any, must parse. */
export function parseFrontmatterOnly(text: string, file: string): Issue[] {
  const doc = parseMarkdown(text);
  if (!doc.frontmatter && !doc.unclosedFrontmatter) return [];
  return readFrontmatter(doc, file, "file").issues;
}
