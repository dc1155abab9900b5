/**
 * `apispec drift [<openapi>] [<dir>]`: where a collection and an OpenAPI
 * document disagree, in both directions. Without a document, the one
 * `project.md` names (`openapi:`), as coverage does. Returns the findings and
 * summary of BEYOND.md §2; never prints.
 */
import { EXIT, type ExitCode, type Issue, issue, warning } from "../engine/issue.ts";
import { driftFindings } from "../engine/contract/drift.ts";
import type { DriftFinding, DriftKind, DriftSummary } from "../engine/contract/model.ts";
import { pathKeyLines } from "../engine/contract/document_lines.ts";
import type { OpsContext } from "../adapters/system.ts";
import { readCollectionSpecs } from "./collection_specs.ts";
import { contractOf, loadOpenApiSource } from "./openapi_source.ts";
import { projectOpenApi } from "./project_openapi.ts";

export interface DriftInput {
  /** Fetch the http(s) documents the OpenAPI document's `$ref`s name (`--allow-remote`). */
  allowRemote?: boolean;
  /** The OpenAPI document: a path or an http(s) URL; default: `openapi:` of project.md. */
  openapi?: string;
  /** The collection folder; default: the discovered one. */
  dir?: string;
  ignore?: DriftKind[];
  config?: string;
}

/** What drift found. `findings` and `summary` are the JSON report as BEYOND.md §2 fixes it. */
export interface DriftResult {
  findings: DriftFinding[];
  summary: DriftSummary;
  /** The document as reports name it, its version, and the conversion note for Swagger 2.0. */
  document?: { name: string; version: string; converted?: string };
  /** Line of each OpenAPI path key in the document, for annotations on the OpenAPI side. */
  documentLines: Map<string, number>;
  /** Files left out, an unreadable document. */
  issues: Issue[];
  /** 0 no finding, 1 findings, 2 unreadable or invalid document or folder. */
  exitCode: ExitCode;
}

const EMPTY: DriftSummary = { operations: 0, specs: 0, matched: 0, findings: 0 };

export async function driftCheck(input: DriftInput, ctx: OpsContext): Promise<DriftResult> {
  const failed = (issues: Issue[]): DriftResult => ({
    findings: [],
    summary: EMPTY,
    documentLines: new Map(),
    issues,
    exitCode: EXIT.invalidSpec,
  });
  const collection = await readCollectionSpecs(input.dir, ctx, input.config);
  if ("issue" in collection) return failed([collection.issue]);
  let openapi = input.openapi;
  if (openapi === undefined) {
    const named = await projectOpenApi(collection.root, ctx, input.config);
    if (!named.ok) return failed([named.issue]);
    if (!named.path) {
      return failed([issue("USAGE", "drift needs an OpenAPI document", {
        fix: "Pass it (`apispec drift openapi.yaml`), or name it in project.md's frontmatter " +
          "(`openapi: ../openapi.yaml`)",
      })]);
    }
    openapi = named.path;
  }
  const loaded = await loadOpenApiSource(openapi, ctx, { allowRemote: input.allowRemote });
  if (!loaded.ok) return failed([loaded.issue]);
  const contract = await contractOf(loaded.source);
  const { findings, summary, warnings } = driftFindings(
    contract,
    collection.specs,
    input.ignore ?? [],
  );
  const openApiSide = [...new Set(findings.filter((f) => f.spec === null).map((f) => f.path))];
  return {
    findings,
    summary,
    document: {
      name: loaded.source.name,
      version: contract.version,
      ...(loaded.source.converted ? { converted: loaded.source.converted } : {}),
    },
    documentLines: openApiSide.length ? pathKeyLines(loaded.source.text, openApiSide) : new Map(),
    issues: [
      ...collection.issues,
      ...warnings.map((message) => warning(message, { file: loaded.source.name })),
    ],
    exitCode: findings.length ? EXIT.testFailed : EXIT.passed,
  };
}
