/**
 * Turns what a user or agent names into files: a path (relative to the
 * working folder or the collection), an endpoint id (file name without
 * `.md`, optionally with its folder), `METHOD /path`, a flow id, or
 * `flow <name>`; and `changed_from` into the specs changed since a ref.
 */
import { relative, resolve } from "../../adapters/path.ts";
import { type Issue, issue } from "../../engine/issue.ts";
import { exists, toSlash } from "../../adapters/fs.ts";
import { changedFiles } from "../../adapters/git.ts";
import { kindOf } from "../collection/file_kind.ts";
import type { SpecSummary } from "../collection/spec_index.ts";

export interface TargetFile {
  kind: "endpoint" | "flow";
  /** Absolute path. */
  path: string;
}

const stem = (file: string) => file.replace(/\.md$/i, "");

export async function findTarget(
  target: string,
  entries: SpecSummary[],
  root: string,
  cwd: string,
): Promise<TargetFile | Issue> {
  const flowOnly = /^flow\s+/i.test(target.trim());
  const id = target.trim().replace(/^flow\s+/i, "");
  const fix = "Name a file path, an endpoint id such as users/get-user-by-id, `GET /users/:id`, " +
    "or `flow <name>`; apispec_search lists endpoints";
  if (/\.md$/i.test(id)) {
    for (const candidate of [resolve(cwd, id), resolve(root, id)]) {
      if (await exists(candidate)) {
        const kind = kindOf(toSlash(relative(root, candidate)));
        return { kind: kind === "flow" ? "flow" : "endpoint", path: candidate };
      }
    }
    return issue("USAGE", `Target file "${id}" does not exist`, { fix });
  }
  const request = /^([A-Za-z]+)\s+(\/\S*)$/.exec(id);
  const matches = request
    ? entries.filter((e) =>
      e.kind === "endpoint" && e.method === request[1].toUpperCase() && e.path === request[2]
    )
    : entries.filter((e) =>
      (!flowOnly || e.kind === "flow") &&
      (e.name === id || stem(e.file) === id || stem(e.file).endsWith(`/${id}`))
    );
  if (matches.length === 1) return { kind: matches[0].kind, path: resolve(root, matches[0].file) };
  if (matches.length > 1) {
    return issue("USAGE", `Target "${target}" matches ${matches.length} files`, {
      fix: `Name one of: ${matches.slice(0, 5).map((m) => m.file).join(", ")}`,
    });
  }
  const words = id.toLowerCase().split(/[\s/_.-]+/).filter((w) => w.length > 2);
  const near = entries.filter((e) => words.some((w) => e.file.toLowerCase().includes(w))).slice(
    0,
    5,
  );
  return issue("USAGE", `No endpoint or flow matches "${target}"`, {
    fix: near.length ? `Did you mean ${near.map((e) => stem(e.file)).join(", ")}? ${fix}` : fix,
  });
}

/** Endpoint and flow files under the root changed since `ref`. */
export async function changedTargets(
  ref: string,
  root: string,
  cwd: string,
): Promise<TargetFile[] | Issue> {
  const files = await changedFiles(ref, root, cwd);
  if (!files) {
    return issue("USAGE", `Cannot list the files changed since "${ref}"`, {
      fix: "Run inside a git repository and pass a branch, tag or commit that exists",
    });
  }
  return files.flatMap((path) => {
    const rel = toSlash(relative(root, path));
    if (rel.startsWith("..") || !rel.toLowerCase().endsWith(".md")) return [];
    const kind = kindOf(rel);
    return kind === "endpoint" || kind === "flow" ? [{ kind, path }] : [];
  });
}
