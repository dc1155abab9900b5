/**
 * `validate`: endpoint, flow, environment and project files, one file or a
 * whole folder. Each file is secret-scanned; flow steps must point at valid
 * endpoint files.
 */
import { basename, dirname, isAbsolute, join, relative, resolve } from "../../adapters/path.ts";
import { type ExitCode, exitCodeFor, type Issue, issue } from "../../engine/issue.ts";
import { parseEnvFile } from "../../engine/parse/env.ts";
import { planFlow } from "../../engine/flow/plan.ts";
import { parseFrontmatterOnly, parseProject } from "../../engine/parse/project.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import { scanSecrets } from "../../engine/secrets/scan.ts";
import {
  isDirectory,
  listMarkdown,
  readTextSync,
  toSlash,
  UnreadableFile,
} from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { loadFlowTree } from "../flow/load.ts";
import { loadDataSet } from "../flow/data.ts";
import { displayPath, findCollectionRoot, resolveStepPath } from "./load.ts";
import { patternIssues } from "../run/assertions.ts";
import { loadSchemaMode } from "../run/schema_mode.ts";
import type { EndpointSpec } from "../../engine/model.ts";
import {
  type DuplicateOperation,
  duplicateOperations,
  duplicateWarnings,
  type Route,
} from "../../engine/duplicates.ts";
import { type FileKind, kindOf } from "./file_kind.ts";
import { openValidateCache } from "./validate_cache.ts";

// Re-exported: callers from before the split import them from here.
export { type FileKind, kindOf, resolveStepPath };

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
    cwd?: string;
    /** Receives each endpoint that parses (folder validation looks for duplicates). */
    onSpec?: (spec: EndpointSpec) => void;
  },
): Promise<Issue[]> {
  const issues = scanSecrets(text, file);
  switch (kind) {
    case "endpoint": {
      const { spec, issues: found } = parseEndpoint(text, file);
      const schema = spec?.schema
        ? (await loadSchemaMode(spec.schema.value)).schemaIssues(spec)
        : [];
      const patterns = spec ? await patternIssues(spec.assertions, file) : [];
      const graphql = spec?.graphql
        ? (await import("../../engine/graphql/syntax.ts")).querySyntaxIssues(spec)
        : [];
      if (spec) context.onSpec?.(spec);
      return [...issues, ...found, ...schema, ...patterns, ...graphql];
    }
    case "env":
      return [...issues, ...parseEnvFile(text, file).issues];
    case "project":
      return [...issues, ...parseProject(text, file).issues];
    case "readme":
      return [...issues, ...parseFrontmatterOnly(text, file)];
    case "flow":
      return [...issues, ...await validateFlow(text, file, context)];
  }
}

/** A flow with everything it names: steps, sub-flows (cycles refused), its data file. */
async function validateFlow(
  text: string,
  file: string,
  context: { absolutePath: string; collectionRoot: string; cwd?: string },
): Promise<Issue[]> {
  const path = context.absolutePath;
  // Messages name files as the caller names this one.
  const cwd = context.cwd ??
    (path.endsWith(`/${file}`) ? path.slice(0, -file.length - 1) : dirname(context.collectionRoot));
  const tree = await loadFlowTree(path, {
    collectionRoot: context.collectionRoot,
    text,
    file,
    endpointIssues: false,
  }, { cwd });
  // The flow's own secrets are the caller's to report; the tree lists every other file's.
  const issues = tree.issues.filter((i) => !(i.code === "SECRET_DETECTED" && i.file === file));
  const flow = tree.flows.get(path)?.flow;
  if (!flow) return issues;
  issues.push(...planFlow(path, tree).issues);
  // Patterns RE2 rejects, in this flow's Assert, When and Until lines (sub-flows report their own).
  const rules = flow.steps.flatMap((step) => [
    ...step.asserts,
    ...(step.until ? [step.until.rule] : []),
    ...(step.when ? [step.when.rule] : []),
  ]);
  issues.push(...await patternIssues(rules, file));
  const data = await loadDataSet(flow, {
    flowPath: path,
    collectionRoot: context.collectionRoot,
  }, { cwd });
  issues.push(...data.issues);
  return issues;
}

/**
 * Validates a file or every markdown file in a folder. A folder's results are
 * cached per file (see validate_cache.ts) unless `cache` is false.
 */
export async function validatePath(
  path: string,
  ctx: OpsContext,
  config?: string,
  options: { cache?: boolean } = {},
): Promise<ValidateResult> {
  const absolute = resolve(ctx.cwd, path);
  const sources = new Map<string, string>();
  const directory = await isDirectory(absolute);
  const collectionRoot = await findCollectionRoot({ config, near: absolute }, ctx);
  // The path's place in the collection (forward slashes), if it is inside it.
  const within = relative(collectionRoot, absolute);
  const inCollection = within.startsWith("..") || isAbsolute(within) ? undefined : toSlash(within);
  let targets: { absolute: string; relative: string }[];
  if (directory) {
    // A file's kind comes from its place in the collection: `validate api-docs/flows` holds flows.
    const base = inCollection === undefined || inCollection === "" ? "" : `${inCollection}/`;
    targets = (await listMarkdown(absolute)).map((rel) => ({
      absolute: join(absolute, rel),
      relative: base + rel,
    }));
  } else {
    targets = [{ absolute, relative: inCollection || basename(absolute) }];
  }
  const issues: Issue[] = [];
  const files: ValidateResult["files"] = [];
  const routes: Route[] = [];
  // A folder with nothing to check is a wrong folder more often than an empty collection.
  if (directory && targets.length === 0) {
    const shown = absolute === ctx.cwd ? "." : displayPath(absolute, ctx.cwd);
    issues.push(issue("USAGE", `${shown} holds no markdown file to validate`, {
      fix: "Pass the collection folder (api-docs), or create one with `apispec init`",
    }));
  }
  if (!directory && !absolute.endsWith(".md")) {
    issues.push(
      issue("USAGE", `${displayPath(absolute, ctx.cwd)} is not a markdown file`, {
        fix: "Validate a .md file or a folder",
      }),
    );
  }
  // One file parses faster than a cache loads.
  const cache = openValidateCache(
    collectionRoot,
    ctx.cwd,
    ctx.env,
    directory && options.cache !== false,
  );
  for (const target of targets) {
    const file = displayPath(target.absolute, ctx.cwd);
    const kind = kindOf(target.relative);
    const unchanged = cache.unchanged(file, kind, target.absolute);
    if (unchanged && unchanged.issues.length === 0) {
      files.push({ file, kind });
      if (unchanged.route) routes.push({ ...unchanged.route, file });
      continue;
    }
    // Synchronous reads: for thousands of small files they cost a third of the CPU of async ones.
    const read = readTextSync(target.absolute, { listed: directory });
    if (!read.ok) {
      const missing = read.error instanceof Deno.errors.NotFound;
      issues.push(
        issue(
          missing || read.error instanceof UnreadableFile ? "USAGE" : "ENGINE_ERROR",
          missing ? `${file} does not exist` : `Cannot read ${file}: ${read.error.message}`,
          {
            file,
            fix: missing
              ? "Check the path"
              : read.error instanceof UnreadableFile
              ? "Validate a markdown file or a folder of them"
              : "Check the file's permissions",
          },
        ),
      );
      continue;
    }
    files.push({ file, kind });
    let found = unchanged ?? cache.same(file, kind, read.text);
    if (!found) {
      let route: Route | undefined;
      const issues = await validateText(read.text, file, kind, {
        absolutePath: target.absolute,
        collectionRoot,
        onSpec: (spec) => {
          route = { method: spec.method, path: spec.path, file, status: spec.expected.status };
        },
        cwd: ctx.cwd,
      });
      found = route ? { issues, route } : { issues };
      // A flow's result depends on the files it names, so it is validated every time.
      if (kind !== "flow") cache.store(file, kind, read.text, found);
    }
    if (found.route) routes.push({ ...found.route, file });
    // Sources serve caret rendering, so only files with something to show keep theirs.
    if (found.issues.length > 0) {
      sources.set(file, read.text);
      issues.push(...found.issues);
    }
  }
  if (directory) cache.save(absolute === ctx.cwd ? "" : displayPath(absolute, ctx.cwd));
  const duplicates = duplicateOperations(routes);
  issues.push(...duplicateWarnings(duplicates));
  return { files, duplicates, issues, exitCode: exitCodeFor(issues), sources };
}
