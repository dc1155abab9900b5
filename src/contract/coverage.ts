/**
 * `apispec coverage [<dir>] [--openapi <file>]`: the coverage object of
 * BEYOND.md §2 from the collection's endpoint files and their run history.
 * Without `--openapi`, the document `project.md` names counts. The preview
 * UI's Coverage view and the MCP resource call `computeCoverage` too.
 */
import { dirname } from "../adapters/path.ts";
import { EXIT, type ExitCode, type Issue } from "../engine/issue.ts";
import { parseHistory } from "../engine/history/history.ts";
import { type CoverageReport, coverageReport } from "../engine/contract/coverage.ts";
import type { HistoryEntry } from "../engine/model.ts";
import { readTextIfExists } from "../adapters/jsonl.ts";
import type { OpsContext } from "../adapters/system.ts";
import { historyFile } from "../ops/run/history.ts";
import { readCollectionSpecs } from "./collection_specs.ts";
import { contractOf, loadOpenApiSource } from "./openapi_source.ts";
import { projectOpenApi } from "./project_openapi.ts";
import type { ContractDocument } from "../engine/contract/model.ts";

export type { CoverageEndpoint, CoverageReport } from "../engine/contract/coverage.ts";

export interface CoverageInput {
  /** Fetch the http(s) documents the OpenAPI document's `$ref`s name (`--allow-remote`). */
  allowRemote?: boolean;
  /** The collection folder; default: the discovered one. */
  dir?: string;
  /**
   * An OpenAPI document (path or URL) whose operations to count; undefined:
   * the one `project.md` names (`openapi:`), if any; null: none.
   */
  openapi?: string | null;
  config?: string;
}

export interface CoverageResult {
  /** BEYOND.md §2's object; absent when the folder or document could not be read. */
  report?: CoverageReport;
  /** The Swagger 2.0 conversion note, when one was converted. */
  converted?: string;
  /** How messages name the document counted (from the working folder), when there was one. */
  openapi?: string;
  /** Its operations, for callers that match them to files (the preview's Draft spec). */
  document?: ContractDocument;
  issues: Issue[];
  exitCode: ExitCode;
}

/** Reads the endpoint files, each one's newest history entry, and the document when given. */
export async function computeCoverage(
  input: CoverageInput,
  ctx: OpsContext,
): Promise<CoverageResult> {
  const collection = await readCollectionSpecs(input.dir, ctx, input.config);
  if ("issue" in collection) return { issues: [collection.issue], exitCode: EXIT.invalidSpec };
  let openapi = input.openapi ?? undefined;
  if (input.openapi === undefined) {
    const named = await projectOpenApi(collection.root, ctx, input.config);
    if (!named.ok) return { issues: [named.issue], exitCode: EXIT.invalidSpec };
    openapi = named.path;
  }
  let converted: string | undefined;
  let doc: ContractDocument | undefined;
  let name: string | undefined;
  if (openapi) {
    const loaded = await loadOpenApiSource(openapi, ctx, { allowRemote: input.allowRemote });
    if (!loaded.ok) return { issues: [loaded.issue], exitCode: EXIT.invalidSpec };
    converted = loaded.source.converted;
    name = loaded.source.name;
    doc = await contractOf(loaded.source);
  }
  const place = { root: collection.root, projectRoot: dirname(collection.root) };
  const lastRuns = new Map<string, HistoryEntry>();
  await Promise.all(collection.specs.map(async (spec) => {
    const text = await readTextIfExists(historyFile(place, collection.paths.get(spec.file)!));
    const last = text ? parseHistory(text).at(-1) : undefined;
    if (last) lastRuns.set(spec.file, last);
  }));
  return {
    report: coverageReport(collection.specs, lastRuns, ctx.clock.now(), doc),
    ...(converted ? { converted } : {}),
    ...(doc ? { openapi: name, document: doc } : {}),
    issues: collection.issues,
    exitCode: EXIT.passed,
  };
}
