/**
 * `apispec export openapi`: reads every endpoint file of a collection (files
 * that do not parse are reported and left out) and the env template's
 * baseUrls, and builds the OpenAPI document.
 */
import { join, resolve } from "../../adapters/path.ts";
import { EXIT, type ExitCode, type Issue, issue } from "../../engine/issue.ts";
import type { EndpointSpec, ProjectConfig } from "../../engine/model.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import { parseEnvFile } from "../../engine/parse/env.ts";
import { parseProject } from "../../engine/parse/project.ts";
import { toOpenApi } from "../../convert/openapi/to_openapi.ts";
import {
  type DuplicateOperation,
  duplicateOperations,
  duplicateWarnings,
} from "../../engine/duplicates.ts";
import { isDirectory, listMarkdown, readText } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import {
  displayPath,
  ENV_TEMPLATE,
  findCollectionRoot,
  noCollection,
  placeInCollection,
  projectFilePath,
} from "../collection/load.ts";
import { kindOf } from "../collection/validate.ts";

export interface ExportResult {
  document?: Record<string, unknown>;
  /** Operations in the document: endpoint files on one method and path make one. */
  operations: number;
  /** Endpoint files read. */
  specs?: number;
  duplicates?: DuplicateOperation[];
  issues: Issue[];
  exitCode: ExitCode;
}

export async function exportOpenApi(
  dir: string | undefined,
  ctx: OpsContext,
  config?: string,
): Promise<ExportResult> {
  const root = dir ? resolve(ctx.cwd, dir) : await findCollectionRoot({ config }, ctx);
  const notAFolder = (path: string) =>
    issue("USAGE", `${displayPath(path, ctx.cwd)} is not a folder`, {
      fix: "Pass the collection folder, e.g. `apispec export openapi api-docs`",
    });
  const noCollectionIssue = (path: string) => {
    const { message, fix } = noCollection(path, ctx);
    return issue("USAGE", message, { fix });
  };
  if (!(await isDirectory(root))) {
    return {
      operations: 0,
      issues: [dir ? notAFolder(root) : noCollectionIssue(root)],
      exitCode: EXIT.invalidSpec,
    };
  }
  const issues: Issue[] = [];
  const specs: EndpointSpec[] = [];
  const fileOf = new Map<EndpointSpec, string>();
  // A folder of a collection is exported as part of it: its files' kinds and operation ids,
  // the title and servers come from the collection.
  const { collection, prefix } = dir
    ? await placeInCollection(root, ctx)
    : { collection: root, prefix: "" };
  for (const rel of (await listMarkdown(root)).map((name) => prefix + name)) {
    if (kindOf(rel) !== "endpoint") continue;
    const file = displayPath(join(collection, rel), ctx.cwd);
    const { spec, issues: found } = parseEndpoint(await readText(join(collection, rel)), rel);
    if (spec?.protocol === "ws") {
      issues.push({
        ...issue(
          "USAGE",
          `${file} is a protocol: ws file; OpenAPI cannot describe a WebSocket, so it is left out`,
          {
            file,
            fix: "Document WebSocket APIs with AsyncAPI; the other files are exported",
          },
        ),
        severity: "warning",
      });
    } else if (spec) {
      specs.push(spec);
      fileOf.set(spec, file);
    } else {
      issues.push({
        ...issue("SPEC_PARSE_ERROR", `${file} does not parse and is left out`, {
          file,
          fix: `Run \`apispec validate ${file}\`: ${found[0]?.message ?? ""}`.trim(),
        }),
        severity: "warning",
      });
    }
  }
  let title = "API";
  let project: ProjectConfig | undefined;
  try {
    project = parseProject(await readText(projectFilePath(collection)), "project.md").config;
    title = project.name;
  } catch { /* no project file */ }
  const servers: [string, string][] = [];
  try {
    const env = parseEnvFile(await readText(join(collection, ENV_TEMPLATE)), ENV_TEMPLATE).env;
    for (const section of env.sections) {
      if (section.vars.baseUrl) servers.push([section.name, section.vars.baseUrl]);
    }
  } catch { /* no env template */ }
  const document = toOpenApi({ title, specs, servers, ...(project ? { project } : {}) });
  // GraphQL files share their URL by design: they are one operation, not duplicates.
  const duplicates = duplicateOperations(
    specs.filter((s) => !s.graphql).map((s) => ({
      ...s,
      file: fileOf.get(s)!,
      status: s.expected.status,
    })),
  );
  return {
    document,
    operations: Object.values(document.paths as Record<string, object>)
      .reduce((sum, item) => sum + Object.keys(item).length, 0),
    specs: specs.length,
    duplicates,
    issues: [...issues, ...duplicateWarnings(duplicates)],
    exitCode: EXIT.passed,
  };
}
