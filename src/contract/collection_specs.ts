/**
 * The endpoint files of a collection, parsed, for drift, coverage and the
 * Arazzo export. Files that do not parse are left out with a warning naming
 * them: they document nothing until they validate.
 */
import { join, resolve } from "../adapters/path.ts";
import { type Issue, issue } from "../engine/issue.ts";
import type { EndpointSpec } from "../engine/model.ts";
import { parseEndpoint } from "../engine/parse/spec.ts";
import { isDirectory, listMarkdown, readText } from "../adapters/fs.ts";
import type { OpsContext } from "../adapters/system.ts";
import {
  displayPath,
  findCollectionRoot,
  noCollection,
  placeInCollection,
} from "../ops/collection/load.ts";
import { kindOf } from "../ops/collection/file_kind.ts";

export interface CollectionSpecs {
  /**
   * Absolute path of the collection folder: the one asked for, or the
   * `api-docs/` that holds it (`coverage api-docs/apis` reads the files under
   * `apis/`, as parts of `api-docs/`: their history, `project.md`).
   */
  root: string;
  /** Parsed endpoint files; `file` is the path from the working folder. */
  specs: EndpointSpec[];
  /** Absolute path of each spec, by its display path. */
  paths: Map<string, string>;
  /** Flow files, relative to the collection root. */
  flows: string[];
  issues: Issue[];
}

/** Reads every endpoint file under `dir` (default: the discovered collection). */
export async function readCollectionSpecs(
  dir: string | undefined,
  ctx: OpsContext,
  config?: string,
): Promise<CollectionSpecs | { issue: Issue }> {
  const folder = dir ? resolve(ctx.cwd, dir) : await findCollectionRoot({ config }, ctx);
  if (!(await isDirectory(folder))) {
    const missing = dir ? undefined : noCollection(folder, ctx);
    return {
      issue: issue("USAGE", missing?.message ?? `${displayPath(folder, ctx.cwd)} is not a folder`, {
        fix: missing?.fix ??
          "Pass the collection folder (api-docs), or run inside a project that has one",
      }),
    };
  }
  const { collection: root, prefix } = dir
    ? await placeInCollection(folder, ctx)
    : { collection: folder, prefix: "" };
  const specs: EndpointSpec[] = [];
  const paths = new Map<string, string>();
  const flows: string[] = [];
  const issues: Issue[] = [];
  const files = (await listMarkdown(folder)).map((rel) => prefix + rel);
  // Reads overlap (a file system answers slowly one by one); parsing stays in file order.
  const texts = new Map<string, Promise<string>>();
  for (const rel of files) {
    if (kindOf(rel) === "endpoint") texts.set(rel, readText(join(root, rel)));
  }
  for (const rel of files) {
    const kind = kindOf(rel);
    if (kind === "flow") flows.push(rel);
    if (kind !== "endpoint") continue;
    const absolute = join(root, rel);
    const file = displayPath(absolute, ctx.cwd);
    const { spec, issues: found } = parseEndpoint(await texts.get(rel)!, file);
    if (spec) {
      specs.push(spec);
      paths.set(file, absolute);
    } else {
      issues.push({
        ...issue("SPEC_PARSE_ERROR", `${file} does not parse and is left out`, {
          file,
          line: found[0]?.line,
          fix: `Run \`apispec validate ${file}\`: ${found[0]?.message ?? ""}`.trim(),
        }),
        severity: "warning",
      });
    }
  }
  return { root, specs, paths, flows, issues };
}
