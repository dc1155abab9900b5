/**
 * The Coverage view's routes: `computeCoverage` (the operation behind
 * `apispec coverage` and the `apispec://coverage` resource) over the
 * workspace, with the project's OpenAPI document or one the user names
 * (read-only, inside the workspace); and "Draft spec", which writes one
 * endpoint file for an uncovered operation through the importer's writer.
 */
import { join, relative } from "../../adapters/path.ts";
import { readTextSync, toSlash, writeTextAtomic } from "../../adapters/fs.ts";
import { setFrontmatterKey } from "../../engine/render/frontmatter_edit.ts";
import { parseProject } from "../../engine/parse/project.ts";
import { projectFilePath } from "../../ops/collection/load.ts";
import { filesByOperation, filesOfOperation } from "../../engine/contract/operation_files.ts";
import type { Issue } from "../../engine/issue.ts";
import { computeCoverage, type CoverageReport } from "../../contract/coverage.ts";
import { draftOperationSpec } from "../../contract/draft_operation.ts";
import { projectOpenApi } from "../../contract/project_openapi.ts";
import { Forbidden } from "./files.ts";
import { containedPath } from "../guard.ts";
import { BadRequest, json, problem, readJson, stringField } from "./reply.ts";
import type { PreviewState } from "../state.ts";

/** What `GET /api/coverage` answers (the Coverage view reads it). */
export interface CoverageResponse {
  /** BEYOND §2's object, as `apispec coverage --output json` prints it. */
  report: CoverageReport;
  /** The document counted; null when there is none. */
  openapi: {
    /** From the workspace root; null when project.md names one that is refused. */
    path: string | null;
    source: "project" | "given";
    converted?: string;
    /** Why it could not be read; the report then has no `operations`. */
    error?: Issue;
  } | null;
  /** `report.operations.uncovered` with the files that document each (none: draft one). */
  uncovered: { method: string; path: string; files: string[] }[];
  issues: Issue[];
}

/** The document a request means, its absolute path and how the page names it. */
interface ChosenDocument {
  path: string;
  /** From the workspace root (the folder that holds api-docs/). */
  name: string;
  source: "project" | "given";
}

/**
 * `given` undefined: the document `project.md` names; "": none; else a path
 * from the workspace root, which must stay inside it.
 */
async function chooseDocument(
  state: PreviewState,
  given: string | undefined,
): Promise<{ document?: ChosenDocument; issue?: Issue }> {
  const { root, collection } = state.workspace;
  if (given === "") return {};
  if (given === undefined) {
    const named = await projectOpenApi(collection, { ...state.ctx, cwd: collection });
    if (!named.ok) return { issue: named.issue };
    if (!named.path) return {};
    return { document: { path: named.path, name: relative(root, named.path), source: "project" } };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(given)) {
    throw new BadRequest(
      "The Coverage view reads OpenAPI files of the workspace, not URLs",
      "Save the document in the project and give its path, e.g. openapi.yaml",
    );
  }
  const contained = await containedPath(root, given);
  if (!contained.ok) {
    throw new Forbidden(contained.reason, "Give a path from the project folder, e.g. openapi.yaml");
  }
  return { document: { path: contained.path, name: contained.relative, source: "given" } };
}

/**
 * `GET /api/coverage[?openapi=<path>]`: `{report, openapi, uncovered, issues}`.
 * A document that cannot be read still leaves the endpoints' coverage shown,
 * with the reason in `openapi.error`.
 */
export async function coverageRoute(state: PreviewState, url: URL): Promise<Response> {
  const given = url.searchParams.get("openapi") ?? undefined;
  const chosen = await chooseDocument(state, given);
  const ctx = { ...state.ctx, cwd: state.workspace.collection };
  const dir = state.workspace.collection;
  const document = chosen.document;
  let result = await computeCoverage({ dir, openapi: document?.path ?? null }, ctx);
  let error = chosen.issue;
  if (!result.report && document) {
    error = result.issues[0];
    result = await computeCoverage({ dir, openapi: null }, ctx);
  }
  if (!result.report) {
    const first = result.issues[0];
    return problem(
      404,
      "NO_WORKSPACE",
      first?.message ?? "No collection",
      first?.fix ?? "",
      result.issues,
    );
  }
  const { report, document: doc } = result;
  const files = doc
    ? filesByOperation(
      report.endpoints.map((e) => ({ spec: e.spec, method: e.method, path: e.path })),
      doc,
    )
    : undefined;
  const uncovered = files
    ? (report.operations?.uncovered ?? []).map((op) => ({
      ...op,
      files: filesOfOperation(files, op),
    }))
    : [];
  const body: CoverageResponse = {
    report,
    openapi: document || error
      ? {
        path: document?.name ?? null,
        source: document?.source ?? "project",
        ...(result.converted ? { converted: result.converted } : {}),
        ...(error ? { error } : {}),
      }
      : null,
    uncovered,
    issues: result.issues,
  };
  return json(body);
}

const STATUS_OF = {
  "invalid-document": [422, "INVALID_OPENAPI"],
  "no-operation": [404, "NOT_FOUND"],
  "no-collection": [404, "NO_WORKSPACE"],
  documented: [409, "EXISTS"],
  exists: [409, "EXISTS"],
  "write-failed": [422, "NOT_WRITTEN"],
} as const;

/** `POST /api/coverage/draft {method, path, openapi?}` (write): `{status, file, ...}`. */
export async function draftSpecRoute(state: PreviewState, request: Request): Promise<Response> {
  const body = await readJson(request);
  const method = stringField(body, "method")!;
  const path = stringField(body, "path")!;
  const chosen = await chooseDocument(state, stringField(body, "openapi", false));
  if (chosen.issue) {
    return problem(422, "INVALID_OPENAPI", chosen.issue.message, chosen.issue.fix ?? "", [
      chosen.issue,
    ]);
  }
  if (!chosen.document) {
    throw new BadRequest(
      "No OpenAPI document to draft from",
      'Set `openapi: ../openapi.yaml` in project.md, or send "openapi": "<path>"',
    );
  }
  const outcome = await draftOperationSpec({
    collection: state.workspace.collection,
    openapi: chosen.document.path,
    method,
    path,
  }, state.ctx);
  if (!outcome.ok) {
    const [status, code] = STATUS_OF[outcome.reason];
    return problem(status, code, outcome.message, outcome.fix, outcome.issues);
  }
  const { report } = outcome;
  return json({
    status: "ok",
    file: outcome.file,
    environment: report.environment,
    secrets: report.secrets,
    warnings: report.warnings,
    // The import writer regenerates the collection's index: say so.
    index: report.index ? "README.md" : null,
  });
}

/**
 * `POST /api/coverage/openapi {openapi}` (write): names a document (a path
 * from the project folder, as typed in the view) in project.md's
 * frontmatter, `openapi:` relative to the project file as it is read. The
 * document must read; the file must read back naming it.
 */
export async function saveOpenApiRoute(state: PreviewState, request: Request): Promise<Response> {
  const given = stringField(await readJson(request), "openapi")!.trim();
  if (!given) throw new BadRequest("No document given", 'Send {"openapi": "openapi.yaml"}');
  const chosen = await chooseDocument(state, given);
  const probe = await computeCoverage({
    dir: state.workspace.collection,
    openapi: chosen.document!.path,
  }, { ...state.ctx, cwd: state.workspace.collection });
  if (!probe.report) {
    const first = probe.issues[0];
    return problem(422, "INVALID_OPENAPI", first.message, first.fix ?? "", probe.issues);
  }
  const projectFile = projectFilePath(state.workspace.collection);
  const value = toSlash(relative(state.workspace.collection, chosen.document!.path));
  const read = readTextSync(projectFile);
  const before = read.ok ? read.text : "---\nname: api\nversion: 1\n---\n";
  const text = setFrontmatterKey(before, "openapi", value);
  const name = relative(state.workspace.collection, projectFile);
  const { config, issues } = parseProject(text, name);
  if (config.openapi !== value || issues.some((i) => i.severity === "error")) {
    return problem(
      422,
      "NOT_WRITTEN",
      `${name} would not read back naming ${value}`,
      "Edit it by hand",
      issues,
    );
  }
  await writeTextAtomic(projectFile, text);
  return json({
    status: "ok",
    file: toSlash(name),
    openapi: value,
    path: toSlash(relative(state.workspace.root, join(state.workspace.collection, value))),
  });
}
