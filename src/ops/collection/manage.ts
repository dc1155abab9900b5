/**
 * Managing a collection's files from the UI: create an endpoint, a flow or a
 * folder, duplicate a file, rename (move) a file or folder, delete one. Every
 * path is relative to the collection root and proven to stay inside it
 * (links included); nothing is ever written over an existing file; a new
 * file must validate before it is written; writes go through a temp file and
 * a rename. A renamed endpoint takes its run history along, and the flows
 * that still name it are listed.
 */
import { dirname, join } from "../../adapters/path.ts";
import { containedPath } from "../../adapters/contain.ts";
import { createTextExclusive, exists, isDirectory, readText } from "../../adapters/fs.ts";
import type { Issue } from "../../engine/issue.ts";
import type { HttpMethod } from "../../engine/model.ts";
import { renderSpec, slugify } from "../../engine/render/spec_md.ts";
import { stringifyYaml } from "../../engine/parse/yaml.ts";
import { resourceFor } from "../../convert/endpoint.ts";
import { kindOf } from "./file_kind.ts";
import { validateText } from "./validate.ts";
import { historyFile, type HistoryPlace } from "../run/history.ts";

export type ManageProblem = {
  ok: false;
  code: "EXISTS" | "NOT_FOUND" | "INVALID" | "FORBIDDEN";
  message: string;
  fix: string;
  issues?: Issue[];
};

export type ManageResult =
  | {
    ok: true;
    /** The file or folder made, moved or removed, relative to the collection. */
    path: string;
    /** Removed: every file that went. Renamed: flows that still name the old path. */
    files?: string[];
  }
  | ManageProblem;

const fail = (
  code: ManageProblem["code"],
  message: string,
  fix: string,
  issues?: Issue[],
): ManageProblem => ({ ok: false, code, message, fix, ...(issues ? { issues } : {}) });

/** A path inside the collection (it may not exist yet), or why not. */
async function inside(
  root: string,
  given: string,
): Promise<{ path: string; file: string } | ManageProblem> {
  const contained = await containedPath(root, given.trim().replace(/\/+$/, ""));
  if (!contained.ok) {
    return fail("FORBIDDEN", contained.reason, "Give a path inside api-docs/, without .. or links");
  }
  return { path: contained.path, file: contained.relative };
}

function markdownOf(file: string, kind: "endpoint" | "flow"): ManageProblem | undefined {
  if (!file.toLowerCase().endsWith(".md")) {
    return fail("INVALID", `${file} is not a markdown file`, "End the name in .md");
  }
  if (kindOf(file) !== kind) {
    return fail(
      "INVALID",
      `${file} would be read as a ${kindOf(file)} file, not a${
        kind === "endpoint" ? "n" : ""
      } ${kind}`,
      kind === "flow"
        ? "Put flows under flows/, e.g. flows/checkout.md"
        : "Put endpoints outside flows/, e.g. apis/users/get-user.md",
    );
  }
  return undefined;
}

/** Validates, then writes a new file; an existing one is never replaced. */
async function writeNew(
  root: string,
  target: { path: string; file: string },
  text: string,
): Promise<ManageResult> {
  const issues = await validateText(text, target.file, kindOf(target.file), {
    absolutePath: target.path,
    collectionRoot: root,
  });
  const errors = issues.filter((i) => i.severity === "error");
  if (errors.length > 0) {
    return fail("INVALID", errors[0].message, errors[0].fix ?? "Fix the file", errors);
  }
  if (!(await createTextExclusive(target.path, text))) {
    return fail("EXISTS", `${target.file} exists already`, "Pick another name");
  }
  return { ok: true, path: target.file };
}

/** A new endpoint file: one request, an expected 200, ready to edit and send. */
export async function createEndpoint(root: string, input: {
  path: string;
  method: HttpMethod;
  urlPath: string;
  title?: string;
}): Promise<ManageResult> {
  const target = await inside(root, input.path);
  if ("ok" in target) return target;
  const bad = markdownOf(target.file, "endpoint");
  if (bad) return bad;
  const urlPath = input.urlPath.startsWith("/") ? input.urlPath : `/${input.urlPath}`;
  const parts = target.file.split("/");
  const name = parts.at(-1)!.replace(/\.md$/i, "");
  const text = renderSpec({
    title: input.title?.trim() || name.replace(/[-_]+/g, " "),
    // apis/<resource>/<file>.md names its resource; elsewhere the path does.
    resource: parts.length >= 3
      ? slugify(parts.at(-2)!) || resourceFor(urlPath)
      : resourceFor(urlPath),
    method: input.method,
    path: urlPath,
    request: {
      target: `{{baseUrl}}${urlPath}`,
      headers: [["Accept", "application/json"]],
    },
    expected: { status: 200, headers: [] },
  });
  return await writeNew(root, target, text);
}

/** A new flow under flows/ with its first step (a flow without steps does not validate). */
export async function createFlow(root: string, input: {
  path: string;
  title?: string;
  firstStep: string;
}): Promise<ManageResult> {
  const target = await inside(root, input.path);
  if ("ok" in target) return target;
  const bad = markdownOf(target.file, "flow");
  if (bad) return bad;
  const step = await inside(root, input.firstStep);
  if ("ok" in step) return step;
  if (kindOf(step.file) !== "endpoint" || !(await exists(step.path))) {
    return fail("NOT_FOUND", `No endpoint file ${input.firstStep}`, "Pick an endpoint of the list");
  }
  const name = target.file.split("/").at(-1)!.replace(/\.md$/i, "");
  const title = input.title?.trim() || name.replace(/[-_]+/g, " ");
  const stepTitle = (await readText(step.path)).match(/^#\s+(.+)$/m)?.[1].trim() ?? step.file;
  const frontmatter = stringifyYaml({ type: "pipeline", name: slugify(name) || "flow" });
  const text = `---\n${frontmatter}---\n\n# ${title}\n\n## Steps\n\n` +
    `1. **${stepTitle.replace(/\*/g, "")}** -> \`${step.file}\`\n`;
  return await writeNew(root, target, text);
}

/** A new, empty folder. */
export async function createFolder(root: string, given: string): Promise<ManageResult> {
  const target = await inside(root, given);
  if ("ok" in target) return target;
  try {
    await Deno.mkdir(target.path, { recursive: false });
  } catch (error) {
    if (error instanceof Deno.errors.AlreadyExists) {
      return fail("EXISTS", `${target.file} exists already`, "Pick another name");
    }
    if (error instanceof Deno.errors.NotFound) {
      await Deno.mkdir(target.path, { recursive: true });
      return { ok: true, path: target.file };
    }
    throw error;
  }
  return { ok: true, path: target.file };
}

/** A copy of an endpoint or flow under a new name; its title says it is a copy. */
export async function duplicateFile(root: string, from: string, to: string): Promise<ManageResult> {
  const source = await inside(root, from);
  if ("ok" in source) return source;
  if (!(await exists(source.path)) || await isDirectory(source.path)) {
    return fail("NOT_FOUND", `No file ${from}`, "Pick a file of the list");
  }
  const target = await inside(root, to);
  if ("ok" in target) return target;
  const kind = kindOf(source.file);
  if (kind !== "endpoint" && kind !== "flow") {
    return fail("INVALID", `${source.file} is not an endpoint or a flow`, "Duplicate those only");
  }
  const bad = markdownOf(target.file, kind);
  if (bad) return bad;
  const text = (await readText(source.path)).replace(/^(#\s+.+?)\s*$/m, "$1 (copy)");
  return await writeNew(root, target, text);
}

/**
 * Moves a file or folder. A file lands only where nothing is (a hard link
 * claims the new name, then the old one goes); a folder only where there is
 * no folder or an empty one (an atomic rename over it). Its history follows.
 */
export async function renameEntry(
  root: string,
  from: string,
  to: string,
  history?: HistoryPlace,
): Promise<ManageResult> {
  const source = await inside(root, from);
  if ("ok" in source) return source;
  const target = await inside(root, to);
  if ("ok" in target) return target;
  if (!(await exists(source.path))) return fail("NOT_FOUND", `No ${from}`, "Pick one of the list");
  if (source.file === target.file) return { ok: true, path: target.file, files: [] };
  const folder = await isDirectory(source.path);
  if (folder) {
    if (`${target.file}/`.startsWith(`${source.file}/`)) {
      return fail("INVALID", `${target.file} is inside ${source.file}`, "Pick a place outside it");
    }
    await Deno.mkdir(dirname(target.path), { recursive: true });
    try {
      await Deno.mkdir(target.path);
    } catch (error) {
      if (error instanceof Deno.errors.AlreadyExists) {
        return fail("EXISTS", `${target.file} exists already`, "Pick another name");
      }
      throw error;
    }
    await Deno.rename(source.path, target.path);
  } else {
    const kind = kindOf(source.file);
    if (kind === "endpoint" || kind === "flow") {
      const bad = markdownOf(target.file, kind);
      if (bad) return bad;
    }
    await Deno.mkdir(dirname(target.path), { recursive: true });
    try {
      await Deno.link(source.path, target.path);
    } catch (error) {
      if (error instanceof Deno.errors.AlreadyExists) {
        return fail("EXISTS", `${target.file} exists already`, "Pick another name");
      }
      throw error;
    }
    await Deno.remove(source.path);
  }
  if (history) await moveHistory(history, source.path, target.path, folder);
  return { ok: true, path: target.file, files: await flowsNaming(root, source.file, folder) };
}

/** The history file of a spec, or the history folder of a folder, moves with it. */
async function moveHistory(
  place: HistoryPlace,
  from: string,
  to: string,
  folder: boolean,
): Promise<void> {
  // A folder's histories sit in the folder of the same name (its path, `.jsonl` taken off).
  const where = (path: string) =>
    folder ? historyFile(place, path).replace(/\.jsonl$/, "") : historyFile(place, path);
  const old = where(from);
  const now = where(to);
  if (!(await exists(old)) || await exists(now)) return;
  await Deno.mkdir(dirname(now), { recursive: true });
  await Deno.rename(old, now).catch(() => {});
}

/** Flows whose text still names `file` (or a file under it, for a folder). */
async function flowsNaming(root: string, file: string, folder: boolean): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, rel: string) => {
    for await (const entry of Deno.readDir(dir)) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory && !entry.name.startsWith(".")) {
        await walk(join(dir, entry.name), childRel);
      } else if (entry.isFile && kindOf(childRel) === "flow" && childRel.endsWith(".md")) {
        const text = await readText(join(dir, entry.name)).catch(() => "");
        if (text.includes(folder ? `${file}/` : file)) found.push(childRel);
      }
    }
  };
  await walk(root, "");
  return found.sort();
}

/** Deletes a file, or a folder with everything in it (the UI lists it and asks first). */
export async function deleteEntry(root: string, given: string): Promise<ManageResult> {
  const target = await inside(root, given);
  if ("ok" in target) return target;
  if (!(await exists(target.path))) return fail("NOT_FOUND", `No ${given}`, "Pick one of the list");
  const kind = kindOf(target.file);
  if (kind === "project" || kind === "env") {
    return fail("INVALID", `${target.file} is the collection's own file`, "Edit it instead");
  }
  const removed: string[] = [];
  if (await isDirectory(target.path)) {
    const walk = async (dir: string, rel: string) => {
      for await (const entry of Deno.readDir(dir)) {
        const childRel = `${rel}/${entry.name}`;
        if (entry.isDirectory) await walk(join(dir, entry.name), childRel);
        else removed.push(childRel);
      }
    };
    await walk(target.path, target.file);
    if (removed.some((f) => kindOf(f) === "project" || kindOf(f) === "env")) {
      return fail(
        "INVALID",
        `${target.file} holds the collection's own files`,
        "Delete files one by one",
      );
    }
    await Deno.remove(target.path, { recursive: true });
  } else {
    await Deno.remove(target.path);
    removed.push(target.file);
  }
  return { ok: true, path: target.file, files: removed.sort() };
}
