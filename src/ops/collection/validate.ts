/**
 * `validate`: endpoint, flow, environment and project files, one file or a
 * whole folder. Each file is secret-scanned; flow steps must point at valid
 * endpoint files.
 */
import { basename, dirname, join, resolve } from "../../adapters/path.ts";
import { type ExitCode, exitCodeFor, type Issue, issue } from "../../engine/issue.ts";
import { parseEnvFile } from "../../engine/parse/env.ts";
import { parseFlow } from "../../engine/parse/flow.ts";
import { planFlow } from "../../engine/flow/plan.ts";
import { parseFrontmatterOnly, parseProject } from "../../engine/parse/project.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import { scanSecrets } from "../../engine/secrets/scan.ts";
import { isDirectory, listMarkdown, readText, readTextSync } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { displayPath, findCollectionRoot } from "./load.ts";
import { patternIssues } from "../run/assertions.ts";
import type { EndpointSpec } from "../../engine/model.ts";
import {
  type DuplicateOperation,
  duplicateOperations,
  duplicateWarnings,
  type Route,
} from "../../engine/duplicates.ts";
import { type FileKind, kindOf } from "./file_kind.ts";

// Re-exported: callers from before the split import them from here.
export { type FileKind, kindOf };

export interface ValidateResult {
  files: { file: string; kind: FileKind }[];
  /** Endpoint files on one method and path (folders only); also warned about in `issues`. */
  duplicates: DuplicateOperation[];
  issues: Issue[];
  exitCode: ExitCode;
  sources: Map<string, string>;
}

/** Parses one file as its kind; flows also check their steps' endpoint files. */
export async function validateText(
  text: string,
  file: string,
  kind: FileKind,
  context: {
    absolutePath: string;
    collectionRoot: string;
    /** Receives each endpoint that parses (folder validation looks for duplicates). */
    onSpec?: (spec: EndpointSpec) => void;
  },
): Promise<Issue[]> {
  const issues = scanSecrets(text, file);
  switch (kind) {
    case "endpoint": {
      const { spec, issues: found } = parseEndpoint(text, file);
      const schema = spec?.schema
        ? (await import("../../engine/compare/schema.ts")).schemaIssues(spec)
        : [];
      const patterns = spec ? await patternIssues(spec.assertions, file) : [];
      if (spec) context.onSpec?.(spec);
      return [...issues, ...found, ...schema, ...patterns];
    }
    case "env":
      return [...issues, ...parseEnvFile(text, file).issues];
    case "project":
      return [...issues, ...parseProject(text, file).issues];
    case "readme":
      return [...issues, ...parseFrontmatterOnly(text, file)];
    case "flow": {
      const { flow, issues: found } = parseFlow(text, file);
      issues.push(...found);
      issues.push(...await patternIssues(flow?.steps.flatMap((s) => s.asserts) ?? [], file));
      const stepTexts: (string | undefined)[] = [];
      for (const [index, step] of (flow?.steps ?? []).entries()) {
        const target = resolveStepPath(step.endpoint, context.absolutePath, context.collectionRoot);
        let stepText: string;
        try {
          stepText = await readText(target);
        } catch {
          issues.push(
            issue(
              "SPEC_PARSE_ERROR",
              `Step "${step.name}" points at ${step.endpoint}, which does not exist`,
              {
                file,
                line: step.line,
                fix:
                  "Paths are relative to the collection root (api-docs/) unless they start with ./ or ../",
              },
            ),
          );
          continue;
        }
        stepTexts[index] = stepText;
        const stepIssues = parseEndpoint(stepText, step.endpoint).issues.filter((i) =>
          i.severity === "error"
        );
        if (stepIssues.length > 0) {
          issues.push(
            issue(
              "SPEC_PARSE_ERROR",
              `Step "${step.name}" points at an invalid endpoint file: ${stepIssues[0].message}`,
              {
                file,
                line: step.line,
                fix: `Run \`apispec validate ${step.endpoint}\` and fix it`,
              },
            ),
          );
        }
      }
      // Dependencies: an Inject that the step's endpoint never uses is a warning.
      if (flow) issues.push(...planFlow(flow, stepTexts).issues);
      return issues;
    }
  }
}

/** Flow step paths: relative to the collection root, or to the flow file when they start with ./ or ../. */
export function resolveStepPath(
  endpoint: string,
  flowPath: string,
  collectionRoot: string,
): string {
  return endpoint.startsWith("./") || endpoint.startsWith("../")
    ? resolve(dirname(flowPath), endpoint)
    : resolve(collectionRoot, endpoint);
}

export async function validatePath(
  path: string,
  ctx: OpsContext,
  config?: string,
): Promise<ValidateResult> {
  const absolute = resolve(ctx.cwd, path);
  const sources = new Map<string, string>();
  const directory = await isDirectory(absolute);
  const collectionRoot = await findCollectionRoot({ config, near: absolute }, ctx);
  let targets: { absolute: string; relative: string }[];
  if (directory) {
    targets = (await listMarkdown(absolute)).map((rel) => ({
      absolute: join(absolute, rel),
      relative: rel,
    }));
  } else {
    const rel = absolute.startsWith(collectionRoot + "/")
      ? absolute.slice(collectionRoot.length + 1)
      : basename(absolute);
    targets = [{ absolute, relative: rel }];
  }
  const issues: Issue[] = [];
  const files: ValidateResult["files"] = [];
  const routes: Route[] = [];
  if (!directory && !absolute.endsWith(".md")) {
    issues.push(
      issue("USAGE", `${displayPath(absolute, ctx.cwd)} is not a markdown file`, {
        fix: "Validate a .md file or a folder",
      }),
    );
  }
  for (const target of targets) {
    const file = displayPath(target.absolute, ctx.cwd);
    // Synchronous reads: for thousands of small files they cost a third of the CPU of async ones.
    const read = readTextSync(target.absolute);
    if (!read.ok) {
      const missing = read.error instanceof Deno.errors.NotFound;
      issues.push(
        issue(
          missing ? "USAGE" : "ENGINE_ERROR",
          missing ? `${file} does not exist` : `Cannot read ${file}: ${read.error.message}`,
          {
            file,
            fix: missing ? "Check the path" : "Check the file's permissions",
          },
        ),
      );
      continue;
    }
    const kind = kindOf(target.relative);
    files.push({ file, kind });
    const found = await validateText(read.text, file, kind, {
      absolutePath: target.absolute,
      collectionRoot,
      onSpec: (spec) =>
        routes.push({ method: spec.method, path: spec.path, file, status: spec.expected.status }),
    });
    // Sources serve caret rendering, so only files with something to show keep theirs.
    if (found.length > 0) {
      sources.set(file, read.text);
      issues.push(...found);
    }
  }
  const duplicates = duplicateOperations(routes);
  issues.push(...duplicateWarnings(duplicates));
  return { files, duplicates, issues, exitCode: exitCodeFor(issues), sources };
}
