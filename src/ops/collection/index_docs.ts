/**
 * `apispec index`: regenerates `api-docs/README.md` from every endpoint and
 * flow file, grouped by resource. Files that do not parse are left out and
 * reported.
 */
import { join } from "../../adapters/path.ts";
import { type Issue, issue } from "../../engine/issue.ts";
import { parseFlow } from "../../engine/parse/flow.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import { parseProject } from "../../engine/parse/project.ts";
import { type IndexEntry, type IndexFlow, renderIndex } from "../../engine/render/index_md.ts";
import { listMarkdown, readText, writeTextAtomic } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { displayPath, projectFilePath } from "./load.ts";
import { kindOf } from "./validate.ts";

export interface IndexResult {
  file: string;
  endpoints: IndexEntry[];
  flows: IndexFlow[];
  /** Files left out because they do not parse. */
  skipped: string[];
  issues: Issue[];
}

/** Reads every endpoint and flow of a collection for listing. */
export async function scanCollection(
  root: string,
  known: Map<string, IndexEntry> = new Map(),
): Promise<Omit<IndexResult, "file" | "issues">> {
  const endpoints: IndexEntry[] = [];
  const flows: IndexFlow[] = [];
  const skipped: string[] = [];
  for (const rel of await listMarkdown(root)) {
    const kind = kindOf(rel);
    if (kind !== "endpoint" && kind !== "flow") continue;
    const entry = known.get(rel);
    if (entry) {
      endpoints.push(entry);
      continue;
    }
    const text = await readText(join(root, rel));
    if (kind === "flow") {
      const { flow } = parseFlow(text, rel);
      if (flow) {
        flows.push({
          file: rel,
          title: flow.title,
          steps: flow.steps.length,
          description: flow.description,
        });
      } else skipped.push(rel);
      continue;
    }
    const { spec } = parseEndpoint(text, rel);
    if (spec) {
      endpoints.push({
        file: rel,
        title: spec.title,
        method: spec.method,
        path: spec.path,
        resource: spec.resource,
        tags: spec.tags,
      });
    } else skipped.push(rel);
  }
  return { endpoints, flows, skipped };
}

/**
 * Writes the index. `known` holds entries for files the caller has just
 * written and checked (an import of a thousand endpoints), so they are not
 * parsed again.
 */
export async function writeIndex(
  root: string,
  ctx: OpsContext,
  known?: Map<string, IndexEntry>,
): Promise<IndexResult> {
  const file = join(root, "README.md");
  const issues: Issue[] = [];
  let name = "API";
  try {
    name = parseProject(await readText(projectFilePath(root)), "project.md").config.name;
  } catch { /* no project file: a generic title */ }
  const scanned = await scanCollection(root, known);
  for (const rel of scanned.skipped) {
    issues.push({
      ...issue("SPEC_PARSE_ERROR", `${rel} does not parse and is left out of the index`, {
        file: displayPath(join(root, rel), ctx.cwd),
        fix: `Run \`apispec validate ${displayPath(join(root, rel), ctx.cwd)}\``,
      }),
      severity: "warning",
    });
  }
  await writeTextAtomic(file, renderIndex(name, scanned.endpoints, scanned.flows));
  return { file: displayPath(file, ctx.cwd), ...scanned, issues };
}
