/**
 * `apispec import arazzo <file> [--openapi <file>]`: reads the Arazzo
 * document and the OpenAPI document its steps name (the first OpenAPI
 * source description, relative to the Arazzo file, unless given), then writes
 * the flows and the endpoint files they lack. Nothing is overwritten: an
 * existing flow file is reported as skipped.
 */
import { dirname, join, relative, resolve } from "../adapters/path.ts";
import { EXIT, type Issue, issue } from "../engine/issue.ts";
import { parseFlow } from "../engine/parse/flow.ts";
import { asArray, isRecord, parseData } from "../convert/data.ts";
import { type ExistingEndpoint, fromArazzo } from "../convert/arazzo/from_arazzo.ts";
import { isDirectory, readText, toSlash } from "../adapters/fs.ts";
import { createInside } from "../adapters/contain.ts";
import type { OpsContext } from "../adapters/system.ts";
import { displayPath } from "../ops/collection/load.ts";
import {
  emptyReport,
  type ImportReport,
  importTarget,
  writeConversion,
} from "../ops/import/import.ts";
import { writeIndex } from "../ops/collection/index_docs.ts";
import { readCollectionSpecs } from "./collection_specs.ts";
import { loadOpenApiSource } from "./openapi_source.ts";

export interface ArazzoImportInput {
  file: string;
  openapi?: string;
  config?: string;
  /** Fetch an http(s) source description the document names. */
  allowRemote?: boolean;
}

function invalid(message: string, file: string, fix: string, line?: number): ImportReport {
  return emptyReport(
    "",
    [issue("VALIDATION_ERROR", message, { file, line, fix })],
    EXIT.invalidSpec,
  );
}

/** The OpenAPI document a step names: the first `type: openapi` source description. */
function sourceUrl(doc: Record<string, unknown>): string | undefined {
  const sources = asArray(doc.sourceDescriptions).filter(isRecord);
  const source = sources.find((s) => s.type === "openapi" || s.type === undefined);
  return typeof source?.url === "string" ? source.url : undefined;
}

async function existingEndpoints(root: string, ctx: OpsContext): Promise<ExistingEndpoint[]> {
  if (!(await isDirectory(root))) return [];
  const found = await readCollectionSpecs(root, ctx);
  if ("issue" in found) return [];
  return found.specs.map((spec) => {
    const values: Record<string, string> = {};
    const query = spec.request.target.split("?")[1]?.split("#")[0];
    for (const pair of query ? query.split("&") : []) {
      const [name, ...rest] = pair.split("=");
      values[decodeURIComponent(name)] = decodeURIComponent(rest.join("="));
    }
    for (const h of spec.request.headers) values[h.name.toLowerCase()] = h.value;
    return {
      file: toSlash(relative(root, found.paths.get(spec.file)!)),
      method: spec.method,
      path: spec.path,
      status: spec.expected.status,
      values,
    };
  });
}

export async function importArazzo(
  input: ArazzoImportInput,
  ctx: OpsContext,
): Promise<ImportReport> {
  const path = resolve(ctx.cwd, input.file);
  const name = displayPath(path, ctx.cwd);
  let text: string;
  try {
    text = await readText(path);
  } catch {
    return emptyReport(
      "",
      [issue("USAGE", `${name} does not exist`, { fix: "Check the path" })],
      EXIT.invalidSpec,
    );
  }
  const parsed = parseData(text, name);
  if (!parsed.ok) return invalid(parsed.error.message, name, parsed.error.fix, parsed.error.line);
  const doc = parsed.value;
  if (!isRecord(doc) || typeof doc.arazzo !== "string" || !/^1\./.test(doc.arazzo)) {
    return invalid(
      "The document is not Arazzo 1.x (no `arazzo: 1.0.x` field)",
      name,
      "Pass an Arazzo 1.0 document",
      1,
    );
  }
  if (!Array.isArray(doc.workflows) || doc.workflows.length === 0) {
    return invalid(
      "The document has no workflows",
      name,
      "Add `workflows:` with at least one workflow",
    );
  }
  const url = input.openapi ?? sourceUrl(doc);
  if (!url) {
    return invalid(
      "No OpenAPI source description",
      name,
      "Add one to sourceDescriptions, or pass --openapi <file>",
    );
  }
  const location = input.openapi || /^https?:\/\//.test(url)
    ? url
    : relative(ctx.cwd, resolve(dirname(path), url));
  // The document's own source description is fetched only with --allow-remote; --openapi is the user's.
  const loaded = await loadOpenApiSource(location, ctx, {
    allowRemote: input.allowRemote,
    ...(input.openapi ? {} : { namedBy: name }),
  });
  if (!loaded.ok) return emptyReport("", [loaded.issue], EXIT.invalidSpec);
  const root = await importTarget(ctx, { config: input.config });
  const result = await fromArazzo(doc, loaded.source.doc, await existingEndpoints(root, ctx));
  if (result.errors.length) {
    return emptyReport(
      "",
      result.errors.map((message) =>
        issue("VALIDATION_ERROR", message, {
          file: name,
          fix: "Check the step's operationId or operationPath against the OpenAPI document",
        })
      ),
      EXIT.invalidSpec,
    );
  }
  const report = await writeConversion(result.conversion, ctx, { config: input.config });
  if (report.exitCode !== EXIT.passed) return report;
  if (loaded.source.converted) report.warnings.unshift(loaded.source.converted);
  report.warnings.push(...result.warnings);
  const issues: Issue[] = [];
  let wroteFlow = false;
  for (const flow of result.flows) {
    const target = join(root, flow.file);
    const shown = displayPath(target, ctx.cwd);
    const problem = parseFlow(flow.text, flow.file).issues.find((i) => i.severity === "error");
    if (problem) {
      report.warnings.push(`${flow.file} was not written: ${problem.message}`);
      continue;
    }
    const created = await createInside(root, target, flow.text);
    if (created === "created") {
      report.written.push(shown);
      wroteFlow = true;
    } else if (created === "exists") report.skipped.push(shown);
    else {
      issues.push(issue("ENGINE_ERROR", `Refusing to write ${shown}: ${created.refused}`, {
        file: shown,
        fix: "Remove the link, or import into a collection whose folders are its own",
      }));
      report.exitCode = EXIT.engineError;
    }
  }
  if (wroteFlow) {
    const index = await writeIndex(root, ctx);
    report.issues.push(...index.issues);
  }
  report.issues.push(...issues);
  return report;
}
