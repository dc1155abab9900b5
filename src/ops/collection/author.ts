/**
 * `apispec_author`: writes an endpoint file from full markdown. The content
 * is secret-scanned and parsed first; any error returns the parser's issues
 * and writes nothing. The write is atomic, never replaces a file without
 * `overwrite`, and never leaves the collection, through links neither.
 */
import { isAbsolute, relative, resolve } from "../../adapters/path.ts";
import { errorsOf, type Issue, issue } from "../../engine/issue.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import { scanSecrets } from "../../engine/secrets/scan.ts";
import { createTextExclusive, exists, toSlash, writeTextAtomic } from "../../adapters/fs.ts";
import { staysInside } from "../../adapters/contain.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { displayPath } from "./load.ts";
import { kindOf } from "./file_kind.ts";
import { loadSchemaMode } from "../run/schema_mode.ts";

export interface AuthorInput {
  path: string;
  content: string;
  overwrite?: boolean;
}

export interface AuthorRecord {
  /** True when a new file was written; false when an existing one was replaced. */
  created: boolean;
  file: string;
  method: string;
  path: string;
  title: string;
  /** Warnings the parser found (unknown keys, unknown sections); the file was still written. */
  warnings: string[];
}

export type AuthorResult =
  | { ok: true; record: AuthorRecord; absolute: string }
  | { ok: false; issues: Issue[] };

/**
 * Where a path given to the tool lands: relative to the working folder when
 * that is inside the collection, else relative to the collection root.
 * Undefined when neither stays inside the collection.
 */
export function authorTarget(path: string, root: string, cwd: string): string | undefined {
  const inside = (candidate: string) => {
    const rel = relative(root, candidate);
    return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
  };
  const fromCwd = resolve(cwd, path);
  if (inside(fromCwd)) return fromCwd;
  if (isAbsolute(path)) return undefined;
  const fromRoot = resolve(root, path);
  return inside(fromRoot) ? fromRoot : undefined;
}

export async function authorSpec(
  input: AuthorInput,
  root: string,
  ctx: OpsContext,
): Promise<AuthorResult> {
  const refuse = (message: string, fix: string) => ({
    ok: false as const,
    issues: [issue("VALIDATION_ERROR", message, { file: input.path, fix })],
  });
  const target = authorTarget(input.path, root, ctx.cwd);
  if (!target) {
    return refuse(
      `Path "${input.path}" is outside the collection ${displayPath(root, ctx.cwd)}`,
      "Give a path inside api-docs/, e.g. apis/<resource>/<method>-<slug>.md",
    );
  }
  // The lexical check above cannot see a committed link (`apis/x -> /anywhere`); real paths can.
  if (!(await staysInside(root, target)).ok) {
    return refuse(
      `Path "${input.path}" leaves the collection ${displayPath(root, ctx.cwd)} through a link`,
      "Write inside api-docs/ through folders, not links that point elsewhere",
    );
  }
  const rel = toSlash(relative(root, target));
  if (!rel.toLowerCase().endsWith(".md") || kindOf(rel) !== "endpoint") {
    return refuse(
      `Path "${input.path}" is not an endpoint file`,
      "apispec_author writes endpoint files: a .md path under apis/, outside flows/ and _shared/",
    );
  }
  const file = displayPath(target, ctx.cwd);
  const parsed = parseEndpoint(input.content, file);
  const problems = [...scanSecrets(input.content, file), ...parsed.issues];
  if (errorsOf(problems).length > 0 || !parsed.spec) {
    return { ok: false, issues: errorsOf(problems) };
  }
  if (parsed.spec.schema) {
    const schemaIssues = (await loadSchemaMode(parsed.spec.schema.value)).schemaIssues(parsed.spec);
    if (errorsOf(schemaIssues).length > 0) return { ok: false, issues: errorsOf(schemaIssues) };
  }
  const existed = await exists(target);
  if (existed && !input.overwrite) {
    return refuse(
      `${file} already exists`,
      "Pass overwrite: true to replace it, or choose another path",
    );
  }
  const text = input.content.endsWith("\n") ? input.content : input.content + "\n";
  if (existed) {
    await writeTextAtomic(target, text);
  } else if (!(await createTextExclusive(target, text))) {
    return refuse(
      `${file} was created by someone else meanwhile`,
      "Pass overwrite: true to replace it",
    );
  }
  const spec = parsed.spec;
  return {
    ok: true,
    absolute: target,
    record: {
      created: !existed,
      file,
      method: spec.method,
      path: spec.path,
      title: spec.title,
      warnings: problems.filter((i) => i.severity === "warning").map((i) => i.message),
    },
  };
}
