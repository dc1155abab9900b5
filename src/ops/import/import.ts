/**
 * `apispec import <kind>`: reads the input, hands it to a pure converter in
 * `src/convert/`, and writes what comes back into the collection: endpoint
 * files (never over an existing file), the env template (merged), a project
 * file for a new collection, then the index. Every file is checked with the
 * endpoint parser before it is written, and never lands outside the
 * collection, through a committed link neither.
 */
import { dirname, join, resolve } from "../../adapters/path.ts";
import { EXIT, type ExitCode, type Issue, issue } from "../../engine/issue.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import { type EndpointDraft, renderSpec } from "../../engine/render/spec_md.ts";
import type { IndexEntry } from "../../engine/render/index_md.ts";
import {
  assignFileNames,
  type Conversion,
  type ConvertOutcome,
  ensureDevEnvironment,
  type SecretFinding,
} from "../../convert/endpoint.ts";
import { scrubRendered } from "../../convert/credentials.ts";
import { mergeEnvTemplate } from "../../convert/env_template.ts";
import {
  createFilesExclusive,
  createTextExclusive,
  exists,
  isDirectory,
  readText,
  writeTextAtomic,
} from "../../adapters/fs.ts";
import { repositoryTop } from "../../adapters/git.ts";
import { staysInside } from "../../adapters/contain.ts";
import type { OpsContext } from "../../adapters/system.ts";
import {
  COLLECTION_DIR,
  defaultWorkspace,
  displayPath,
  ENV_TEMPLATE,
  findCollectionRoot,
  projectFilePath,
} from "../collection/load.ts";
import { writeIndex } from "../collection/index_docs.ts";
import { projectFile } from "../../engine/render/project_md.ts";

export interface ImportReport {
  /** Display paths of the endpoint files written. */
  written: string[];
  /** Files that already existed and were left alone. */
  skipped: string[];
  /**
   * DELETE operations written with `standalone: false`: `check` and Run all
   * leave them to flows until someone has read them and removed the line.
   */
  held: string[];
  /** `env.key` entries added to the env template. */
  environment: string[];
  secrets: SecretFinding[];
  warnings: string[];
  index?: string;
  collection: string;
  issues: Issue[];
  exitCode: ExitCode;
}

export interface WriteOptions {
  config?: string;
  /** The folder that holds `api-docs/` when a new collection is made; the working folder by default. */
  projectDir?: string;
  onProgress?: (done: number, total: number) => void;
}

/** Where imports go: the discovered collection, else a new `api-docs/` at the repository top or here. */
export async function importTarget(ctx: OpsContext, options: WriteOptions): Promise<string> {
  if (options.projectDir) {
    const local = join(resolve(ctx.cwd, options.projectDir), COLLECTION_DIR);
    if (await isDirectory(local)) return local;
  }
  const found = await findCollectionRoot({ config: options.config }, ctx);
  if (found !== defaultWorkspace(ctx.env) || options.config) return found;
  const base = options.projectDir
    ? resolve(ctx.cwd, options.projectDir)
    : repositoryTop(ctx.cwd) ?? ctx.cwd;
  return join(base, COLLECTION_DIR);
}

/** An input the importer refused: exit 2 with the reason and where. */
export function invalidInput(outcome: ConvertOutcome & { ok: false }, file: string): Issue {
  return issue("VALIDATION_ERROR", outcome.error.message, {
    file,
    line: outcome.error.line,
    fix: outcome.error.fix,
  });
}

export function emptyReport(collection: string, issues: Issue[], exitCode: ExitCode): ImportReport {
  return {
    written: [],
    skipped: [],
    held: [],
    environment: [],
    secrets: [],
    warnings: [],
    collection,
    issues,
    exitCode,
  };
}

/**
 * The endpoint parser's verdict on a draft's structure. Bodies and schemas are
 * left out of the check: they are JSON or text inside fences sized to them,
 * and parsing 16 MB of them again would double an import's time.
 */
export function structureProblem(draft: EndpointDraft): string | undefined {
  const skeleton: EndpointDraft = {
    ...draft,
    expected: { ...draft.expected, body: draft.expected.body ? "{}" : undefined },
    schema: draft.schema === undefined ? undefined : {},
    errorResponses: draft.errorResponses?.map((e) => ({ ...e, body: e.body ? "{}" : undefined })),
  };
  const parsed = parseEndpoint(renderSpec(skeleton), "draft");
  return parsed.issues.find((i) => i.severity === "error")?.message;
}

/** A DELETE operation as imported: `standalone: false`, so nothing but a flow runs it unreviewed. */
function holdDelete(draft: EndpointDraft): EndpointDraft {
  return draft.method === "DELETE" ? { ...draft, standalone: false } : draft;
}

/** Writes a conversion into the collection and regenerates the index. */
export async function writeConversion(
  conversion: Conversion,
  ctx: OpsContext,
  options: WriteOptions = {},
): Promise<ImportReport> {
  const root = await importTarget(ctx, options);
  const report = emptyReport(displayPath(root, ctx.cwd), [], EXIT.passed);
  report.secrets.push(...conversion.secrets);
  report.warnings.push(...conversion.warnings);
  // One real-path check per folder: a link (`apis/users -> /anywhere`) must not carry writes out.
  const folders = new Map<string, Promise<boolean>>();
  const inside = (path: string) => {
    const folder = dirname(path);
    if (!folders.has(folder)) folders.set(folder, staysInside(root, folder).then((c) => c.ok));
    return folders.get(folder)!;
  };
  const refuse = (path: string) => {
    report.issues.push(
      issue(
        "ENGINE_ERROR",
        `Refusing to write ${
          displayPath(path, ctx.cwd)
        }: its folder leaves the collection through a link`,
        {
          file: displayPath(path, ctx.cwd),
          fix: "Remove the link, or import into a collection whose folders are its own",
        },
      ),
    );
    report.exitCode = EXIT.engineError;
  };
  try {
    await Deno.mkdir(root, { recursive: true });
    if (!(await inside(join(root, "project.md")))) refuse(join(root, "project.md"));
    else if (!(await exists(projectFilePath(root)))) {
      await createTextExclusive(
        join(root, "project.md"),
        projectFile(conversion.title || "my-api"),
      );
    }
    // An imported DELETE would remove real data the first time `check` runs the collection:
    // it waits for review, and flows (which create what they delete) still run it.
    const named = assignFileNames(conversion.endpoints.map(holdDelete));
    const known = new Map<string, IndexEntry>();
    const results: ("written" | "skipped" | undefined)[] = [];
    // Folder by folder: a folder's texts are built, then its files written at once
    // (createFilesExclusive says why), so only one folder's texts are held at a time.
    // Warnings are kept per operation and reported in the document's order; secrets are
    // numbered as found (secret, secret2, ...: one name per value across the collection).
    const folders = Map.groupBy(named.keys(), (index) => dirname(named[index].file));
    const warnings: (string | undefined)[] = [];
    let done = 0;
    for (const indexes of folders.values()) {
      const planned: { index: number; file: string; text: string }[] = [];
      for (const index of indexes) {
        const { draft, file } = named[index];
        const where = `${draft.method} ${draft.path}`;
        const problem = structureProblem(draft);
        if (problem) {
          warnings[index] = `${where} was not imported: ${problem}`;
          options.onProgress?.(++done, named.length);
        } else if (!(await inside(join(root, file)))) {
          refuse(join(root, file));
          options.onProgress?.(++done, named.length);
        } else {
          const text = scrubRendered(renderSpec(draft), where, report.secrets);
          planned.push({ index, file, text });
        }
      }
      const created = createFilesExclusive(
        planned.map(({ file, text }) => ({ path: join(root, file), text })),
        () => options.onProgress?.(++done, named.length),
      );
      planned.forEach(({ index, file }, i) => {
        results[index] = created[i] ? "written" : "skipped";
        if (!created[i]) return;
        const { draft } = named[index];
        known.set(file, {
          file,
          title: draft.title.replace(/\s+/g, " ").trim(),
          method: draft.method,
          path: draft.path,
          resource: draft.resource,
          tags: draft.tags ?? [],
        });
      });
    }
    report.warnings.push(...warnings.filter((w) => w !== undefined));
    named.forEach(({ file }, index) => {
      const shown = displayPath(join(root, file), ctx.cwd);
      if (results[index] === "written") {
        report.written.push(shown);
        if (named[index].draft.standalone === false) report.held.push(shown);
      } else if (results[index] === "skipped") report.skipped.push(shown);
    });
    ensureDevEnvironment(conversion);
    if (conversion.environments.some((e) => Object.keys(e.vars).length > 0)) {
      const envPath = join(root, ENV_TEMPLATE);
      if (!(await inside(envPath))) refuse(envPath);
      else {
        const current = (await exists(envPath)) ? await readText(envPath) : undefined;
        const merged = mergeEnvTemplate(current, conversion.environments);
        if (merged.added.length > 0) await writeTextAtomic(envPath, merged.text);
        report.environment = merged.added;
      }
    }
    const index = await writeIndex(root, ctx, known);
    report.index = index.file;
    report.issues.push(...index.issues);
  } catch (error) {
    report.issues.push(
      issue("ENGINE_ERROR", `Cannot write the collection: ${(error as Error).message}`, {
        file: report.collection,
        fix: "Check that the folder is writable",
      }),
    );
    report.exitCode = EXIT.engineError;
  }
  return report;
}
