/**
 * `apispec init`: scaffolds `api-docs/` (config, both environment files,
 * folders), adds ignore entries, then indexes. Never overwrites: if any file
 * it would create exists, nothing is written and the file is named.
 */
import { join } from "../../adapters/path.ts";
import { EXIT, type ExitCode, type Issue, issue } from "../../engine/issue.ts";
import { exists, readText, writeTextAtomic } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { COLLECTION_DIR, displayPath } from "../collection/load.ts";
import { writeIndex } from "../collection/index_docs.ts";
import { projectFile } from "../../engine/render/project_md.ts";

export interface InitInput {
  name: string;
  devUrl: string;
  /** Folder that will hold `api-docs/`; the working folder by default. */
  dir?: string;
}

export interface InitResult {
  created: string[];
  /** What the project import found and wrote (endpoint files), when it found an API. */
  imported?: {
    source: string;
    from?: string;
    written: string[];
    skipped: string[];
    /** DELETE operations written with `standalone: false`, held for review. */
    held: string[];
  };
  ignored: string[];
  issues: Issue[];
  exitCode: ExitCode;
}

/**
 * Ignore entries: project-relative ones in `.gitignore`, the collection-relative one in
 * `api-docs/.gitignore`. Of `.apispec/`, the run history, the exchanges the UI keeps of its
 * runs and a running proxy's address are this machine's; the agent pack beside them may be
 * committed.
 */
export const PROJECT_IGNORES = [
  ".env.local",
  ".apispec/history/",
  ".apispec/proxy.json",
  ".apispec/exchanges/",
];
export const COLLECTION_IGNORES = ["/_shared/env.md"];

function envTemplate(devUrl: string): string {
  return `# Environments

The shape of every environment and its safe defaults; committed. Local values go
in \`env.md\` (gitignored); secrets go in \`.env.local\` or \`APISPEC_*\` variables.

## dev

\`\`\`yaml
baseUrl: ${devUrl}
\`\`\`
`;
}

function envLocal(devUrl: string): string {
  return `# Local environment values

Overrides \`env.template.md\` per key on this machine. Not committed.

## dev

\`\`\`yaml
baseUrl: ${devUrl}
\`\`\`
`;
}

/** Appends missing lines to an ignore file; returns the lines added. */
export async function ensureIgnored(file: string, entries: string[]): Promise<string[]> {
  const current = (await exists(file)) ? await readText(file) : "";
  const present = new Set(current.split(/\r?\n/).map((line) => line.trim()));
  const missing = entries.filter((entry) => !present.has(entry));
  if (missing.length === 0) return [];
  const prefix = current === "" || current.endsWith("\n") ? current : current + "\n";
  await writeTextAtomic(file, prefix + missing.join("\n") + "\n");
  return missing;
}

/** "Then runs a project import": whatever discovery finds goes into the new collection. */
async function importProject(base: string, ctx: OpsContext): Promise<InitResult["imported"]> {
  const { discoverProject } = await import("../import/discover.ts");
  const discovery = await discoverProject({ dir: base }, ctx);
  if (!discovery.source || !discovery.outcome.ok) return undefined;
  const { writeConversion } = await import("../import/import.ts");
  const report = await writeConversion(discovery.outcome.conversion, ctx, { projectDir: base });
  return {
    source: discovery.source,
    from: discovery.from,
    written: report.written,
    skipped: report.skipped,
    held: report.held,
  };
}

export async function initProject(input: InitInput, ctx: OpsContext): Promise<InitResult> {
  const base = input.dir ?? ctx.cwd;
  const root = join(base, COLLECTION_DIR);
  const files: [string, string][] = [
    [join(root, "project.md"), projectFile(input.name)],
    [join(root, "_shared", "env.template.md"), envTemplate(input.devUrl)],
    [join(root, "_shared", "env.md"), envLocal(input.devUrl)],
    [join(root, "apis", ".gitkeep"), ""],
    [join(root, "flows", ".gitkeep"), ""],
  ];
  const existing: string[] = [];
  for (const [path] of files) if (await exists(path)) existing.push(displayPath(path, ctx.cwd));
  if (existing.length > 0) {
    const issues = existing.map((file) =>
      issue("ENGINE_ERROR", `${file} already exists; init never overwrites`, {
        file,
        fix: "Remove or rename it first, or keep the existing collection",
      })
    );
    return { created: [], ignored: [], issues, exitCode: EXIT.engineError };
  }
  try {
    for (const [path, text] of files) await writeTextAtomic(path, text);
    const ignored = [
      ...(await ensureIgnored(join(base, ".gitignore"), PROJECT_IGNORES)).map((e) =>
        `.gitignore: ${e}`
      ),
      ...(await ensureIgnored(join(root, ".gitignore"), COLLECTION_IGNORES)).map((e) =>
        `${COLLECTION_DIR}/.gitignore: ${e}`
      ),
    ];
    const imported = await importProject(base, ctx);
    const index = await writeIndex(root, ctx);
    return {
      created: [...files.map(([path]) => displayPath(path, ctx.cwd)), index.file],
      ...(imported ? { imported } : {}),
      ignored,
      issues: index.issues,
      exitCode: EXIT.passed,
    };
  } catch (error) {
    return {
      created: [],
      ignored: [],
      issues: [
        issue("ENGINE_ERROR", `Cannot write the collection: ${(error as Error).message}`, {
          fix: "Check folder permissions",
        }),
      ],
      exitCode: EXIT.engineError,
    };
  }
}
