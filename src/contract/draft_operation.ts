/**
 * "Draft spec" of the Coverage view: one endpoint file for one operation of
 * an OpenAPI document, written by the importer's writer (never over an
 * existing file, credentials as `{{variables}}`, the env template merged,
 * the index refreshed). An operation that an endpoint file already documents
 * is refused: that file is the place to work on it.
 */
import { dirname } from "../adapters/path.ts";
import type { Issue } from "../engine/issue.ts";
import { filesByOperation, filesOfOperation } from "../engine/contract/operation_files.ts";
import type { OpsContext } from "../adapters/system.ts";
import { projectFilePath } from "../ops/collection/load.ts";
import { type ImportReport, writeConversion } from "../ops/import/import.ts";
import { readCollectionSpecs } from "./collection_specs.ts";
import { contractOf, loadOpenApiSource } from "./openapi_source.ts";

export interface DraftOperationInput {
  /** Absolute path of the collection folder (`api-docs/`). */
  collection: string;
  /** Absolute path of the OpenAPI document. */
  openapi: string;
  method: string;
  /** The operation's path as the document writes it (`/invoices/{id}`). */
  path: string;
}

export type DraftOutcome =
  | { ok: true; file: string; report: ImportReport }
  | {
    ok: false;
    reason:
      | "invalid-document"
      | "no-operation"
      | "no-collection"
      | "documented"
      | "exists"
      | "write-failed";
    message: string;
    fix: string;
    /** The files that document the operation, for `documented`. */
    files?: string[];
    issues: Issue[];
  };

/** Paths in the outcome are relative to the collection. */
export async function draftOperationSpec(
  input: DraftOperationInput,
  ctx: OpsContext,
): Promise<DraftOutcome> {
  const inCollection = { ...ctx, cwd: input.collection };
  const where = `${input.method.toUpperCase()} ${input.path}`;
  const loaded = await loadOpenApiSource(input.openapi, inCollection);
  if (!loaded.ok) {
    return {
      ok: false,
      reason: "invalid-document",
      message: loaded.issue.message,
      fix: loaded.issue.fix ?? "",
      issues: [loaded.issue],
    };
  }
  const doc = await contractOf(loaded.source);
  const operation = doc.operations.find((op) =>
    op.method === input.method.toUpperCase() && op.path === input.path
  );
  if (!operation) {
    return {
      ok: false,
      reason: "no-operation",
      message: `${loaded.source.name} has no operation ${where}`,
      fix: "Pick one of the uncovered operations the Coverage view lists",
      issues: [],
    };
  }
  const collection = await readCollectionSpecs(input.collection, inCollection);
  if ("issue" in collection) {
    const { issue } = collection;
    return {
      ok: false,
      reason: "no-collection",
      message: issue.message,
      fix: issue.fix ?? "",
      issues: [issue],
    };
  }
  const routes = collection.specs.map((s) => ({ spec: s.file, method: s.method, path: s.path }));
  const files = filesOfOperation(filesByOperation(routes, doc), operation);
  if (files.length > 0) {
    return {
      ok: false,
      reason: "documented",
      message: `${where} is documented by ${files.join(", ")} already`,
      fix: "Open that file, run it and make it pass",
      files,
      issues: [],
    };
  }
  const { fromOpenApiOperation } = await import("../convert/openapi/one_operation.ts");
  const converted = await fromOpenApiOperation(loaded.source.doc, operation.method, operation.path);
  if (!converted.ok) {
    return { ok: false, reason: "no-operation", ...converted.error, issues: [] };
  }
  const report = await writeConversion(converted.conversion, inCollection, {
    config: projectFilePath(input.collection),
    projectDir: dirname(input.collection),
  });
  if (report.written.length === 1) return { ok: true, file: report.written[0], report };
  const errors = report.issues.filter((i) => i.severity === "error");
  if (report.skipped.length > 0) {
    return {
      ok: false,
      reason: "exists",
      message: `${report.skipped[0]} exists already; nothing was written`,
      fix: "Open it, or rename it to draft this operation beside it",
      files: report.skipped,
      issues: errors,
    };
  }
  return {
    ok: false,
    reason: "write-failed",
    message: errors[0]?.message ?? report.warnings[0] ?? `${where} was not written`,
    fix: errors[0]?.fix ?? "Check the operation in the document",
    issues: errors,
  };
}
