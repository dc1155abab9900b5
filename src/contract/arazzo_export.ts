/**
 * `apispec export arazzo <flow|dir> [--openapi <file>] [--out <file>]`: reads
 * the flows and their endpoint files, names each step's operation in the
 * OpenAPI document (the given one, or the collection's own export written
 * beside the Arazzo file), and builds the Arazzo document. Never prints.
 */
import { basename, dirname, join, relative, resolve } from "../adapters/path.ts";
import { EXIT, type ExitCode, type Issue, issue } from "../engine/issue.ts";
import type { EndpointSpec, FlowSpec } from "../engine/model.ts";
import { parseEndpoint } from "../engine/parse/spec.ts";
import { parseFlow } from "../engine/parse/flow.ts";
import { SECRET_NAME } from "../engine/resolve/layers.ts";
import { OperationIndex } from "../engine/contract/path_match.ts";
import type { ContractDocument } from "../engine/contract/model.ts";
import { type ArazzoFlowInput, arazzoId, toArazzo } from "../convert/arazzo/to_arazzo.ts";
import { isDirectory, listMarkdown, readText, toSlash } from "../adapters/fs.ts";
import type { OpsContext } from "../adapters/system.ts";
import { displayPath, findCollectionRoot, loadCollection } from "../ops/collection/load.ts";
import { kindOf } from "../ops/collection/file_kind.ts";
import { resolveStepPath } from "../ops/collection/validate.ts";
import { exportOpenApi } from "../ops/export/openapi.ts";
import { contractOf, loadOpenApiSource } from "./openapi_source.ts";

export interface ArazzoExportInput {
  /** Fetch the http(s) documents the OpenAPI document's `$ref`s name (`--allow-remote`). */
  allowRemote?: boolean;
  /** A flow file, or a folder whose flows to export. */
  target: string;
  openapi?: string;
  /** Where the Arazzo document will be written; undefined for stdout. */
  out?: string;
  config?: string;
}

export interface ArazzoExportResult {
  document?: Record<string, unknown>;
  /** The collection's OpenAPI export to write beside the Arazzo file, when none was given. */
  openapi?: { path: string; document: Record<string, unknown> };
  workflows: number;
  warnings: string[];
  issues: Issue[];
  exitCode: ExitCode;
}

const failed = (issues: Issue[], code: ExitCode = EXIT.invalidSpec): ArazzoExportResult => ({
  workflows: 0,
  warnings: [],
  issues,
  exitCode: code,
});

/**
 * What a flow uses that Arazzo 1.0 has no step form for (it has no loops and
 * no per-step conditions; a sub-flow's captures would need workflow outputs),
 * or undefined when every step is one request.
 */
function beyondArazzo(flow: FlowSpec, file: string, root: string): string | undefined {
  if (flow.data) return "it runs once per row of a data file";
  for (const step of flow.steps) {
    const target = toSlash(relative(root, resolveStepPath(step.endpoint, file, root)));
    const what = kindOf(target) === "flow"
      ? "runs a sub-flow"
      : step.forEach
      ? "loops (For each)"
      : step.when
      ? "has a When condition"
      : step.until
      ? "polls (Until)"
      : step.delayMs !== undefined
      ? "waits (Delay)"
      : undefined;
    if (what) return `step "${step.name}" (line ${step.line}) ${what}`;
  }
  return undefined;
}

async function flowFiles(target: string, root: string): Promise<string[]> {
  if (!(await isDirectory(target))) return [target];
  const files: string[] = [];
  for (const rel of await listMarkdown(target)) {
    const absolute = join(target, rel);
    if (kindOf(toSlash(relative(root, absolute))) === "flow") files.push(absolute);
  }
  return files;
}

/** Where the collection's own OpenAPI export goes: beside the Arazzo file, or in the working folder. */
function companionPath(out: string | undefined, cwd: string, name: string): string {
  if (!out) return resolve(cwd, `${name}.openapi.yaml`);
  const file = resolve(cwd, out);
  const base = basename(file).replace(/(\.arazzo)?\.(ya?ml|json)$/i, "");
  return join(dirname(file), `${base}.openapi.yaml`);
}

export async function exportArazzo(
  input: ArazzoExportInput,
  ctx: OpsContext,
): Promise<ArazzoExportResult> {
  const target = resolve(ctx.cwd, input.target);
  const root = await findCollectionRoot({ config: input.config, near: target }, ctx);
  let files: string[];
  try {
    files = await flowFiles(target, root);
  } catch {
    files = [];
  }
  const issues: Issue[] = [];
  const skipped: string[] = [];
  const flows: { file: string; flow: FlowSpec; specs: EndpointSpec[] }[] = [];
  for (const file of files) {
    const shown = displayPath(file, ctx.cwd);
    let text: string;
    try {
      text = await readText(file);
    } catch {
      return failed([
        issue("USAGE", `${shown} does not exist`, { fix: "Pass a flow file or a folder of flows" }),
      ]);
    }
    const parsed = parseFlow(text, shown);
    if (!parsed.flow) return failed(parsed.issues);
    const beyond = beyondArazzo(parsed.flow, file, root);
    if (beyond) {
      // A folder exports what Arazzo can say and names what it leaves out; one flow is refused.
      if (files.length > 1) {
        skipped.push(`${shown} is left out: ${beyond}`);
        continue;
      }
      return failed([issue("VALIDATION_ERROR", `${shown} cannot be written as Arazzo: ${beyond}`, {
        file: shown,
        fix: "Export the flows without sub-flows, loops, conditions, polling or data files, " +
          "or run this one with `apispec flow`",
      })]);
    }
    const specs: EndpointSpec[] = [];
    for (const step of parsed.flow.steps) {
      const path = resolveStepPath(step.endpoint, file, root);
      const stepFile = displayPath(path, ctx.cwd);
      const read = await readText(path).catch(() => undefined);
      const endpoint = read === undefined ? undefined : parseEndpoint(read, stepFile);
      if (!endpoint?.spec) {
        return failed(
          endpoint?.issues.length ? endpoint.issues : [
            issue(
              "VALIDATION_ERROR",
              `Step "${step.name}" points at ${stepFile}, which does not exist`,
              {
                file: shown,
                line: step.line,
                fix: "Write the endpoint path relative to the collection root",
              },
            ),
          ],
        );
      }
      specs.push(endpoint.spec);
    }
    flows.push({ file, flow: parsed.flow, specs });
  }
  if (flows.length === 0) {
    return failed([issue("USAGE", `${displayPath(target, ctx.cwd)} holds no flow`, {
      fix: "Pass a flow file (flows/<name>.md) or the folder that holds them",
    })]);
  }
  const collection = await loadCollection(root, ctx, input.config);
  let contract: ContractDocument;
  let source: { name: string; url: string };
  let companion: ArazzoExportResult["openapi"];
  const outDir = input.out ? dirname(resolve(ctx.cwd, input.out)) : ctx.cwd;
  const relativeUrl = (path: string) => {
    const rel = toSlash(relative(outDir, path));
    return rel.startsWith(".") ? rel : `./${rel}`;
  };
  if (input.openapi) {
    const loaded = await loadOpenApiSource(input.openapi, ctx, {
      allowRemote: input.allowRemote,
    });
    if (!loaded.ok) return failed([loaded.issue]);
    contract = await contractOf(loaded.source);
    const title = (loaded.source.doc.info as { title?: string } | undefined)?.title ?? "api";
    source = {
      name: arazzoId(title, "api"),
      url: /^https?:/.test(loaded.source.location)
        ? loaded.source.location
        : relativeUrl(loaded.source.location),
    };
  } else {
    const exported = await exportOpenApi(root, ctx, input.config);
    if (!exported.document) return failed(exported.issues, exported.exitCode);
    issues.push(...exported.issues);
    const name = arazzoId(collection.config.name, "api");
    const path = companionPath(input.out, ctx.cwd, name);
    companion = { path, document: exported.document };
    const { contractDocument } = await import("../convert/openapi/contract.ts");
    contract = contractDocument(exported.document);
    source = { name, url: relativeUrl(path) };
  }
  const index = new OperationIndex(contract.operations, contract.basePaths);
  const envSection = collection.envFiles.find((f) => f.kind === "env-template")?.env.sections
    .find((s) => s.name === collection.config.defaultEnv)?.vars ?? {};
  const inputs: ArazzoFlowInput[] = [];
  for (const { file, flow, specs } of flows) {
    const steps = [];
    for (const [i, step] of flow.steps.entries()) {
      const spec = specs[i];
      const op = index.find(spec.method, spec.path);
      if (!op) {
        return failed([
          issue(
            "VALIDATION_ERROR",
            `Step "${step.name}": ${spec.method} ${spec.path} is not an operation of the OpenAPI document`,
            {
              file: displayPath(file, ctx.cwd),
              line: step.line,
              fix: "Run `apispec drift <openapi>` to see what differs, or export without --openapi",
            },
          ),
        ]);
      }
      const values = Object.fromEntries(
        Object.entries({ ...envSection, ...spec.vars }).filter(([name]) => !SECRET_NAME.test(name)),
      );
      steps.push({
        name: step.name,
        spec,
        auth: spec.auth ?? collection.config.auth,
        captures: step.captures,
        asserts: step.asserts,
        operation: { operationId: op.operationId, path: op.path, method: op.method },
        pathNames: [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
        headerNames: op.headerNames,
        values,
      });
    }
    inputs.push({
      id: basename(file).replace(/\.md$/, ""),
      title: flow.title,
      description: flow.description,
      steps,
    });
  }
  const { document, warnings } = toArazzo({ title: collection.config.name, source, flows: inputs });
  return {
    document,
    ...(companion ? { openapi: companion } : {}),
    workflows: inputs.length,
    warnings: [...skipped, ...warnings],
    issues,
    exitCode: EXIT.passed,
  };
}
