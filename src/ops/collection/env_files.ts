/**
 * The environment files as the UI's editor shows and changes them:
 * `_shared/env.template.md` (committed) and `_shared/env.md` (local,
 * gitignored), each environment's variables with secret-named values masked.
 * A write edits one environment in place and is refused when the secret
 * scanner finds a credential in the result: both files are markdown that
 * every run scans (exit 5), and the template is committed. Secrets belong in
 * `.env.local` or `APISPEC_*` variables.
 */
import { join } from "../../adapters/path.ts";
import type { Issue } from "../../engine/issue.ts";
import { parseDotenv } from "../../engine/parse/dotenv.ts";
import { parseEnvFile } from "../../engine/parse/env.ts";
import { editEnvText, type EnvEdit } from "../../engine/render/env_edit.ts";
import { SECRET_NAME } from "../../engine/resolve/layers.ts";
import { MASK } from "../../engine/secrets/mask.ts";
import { scanSecrets } from "../../engine/secrets/scan.ts";
import { readTextSync, writeTextAtomic } from "../../adapters/fs.ts";
import { ENV_LOCAL, ENV_TEMPLATE } from "./load.ts";

/** The two files, template first: what each holds and whether git keeps it. */
export const ENV_FILES = [
  { file: ENV_TEMPLATE, committed: true },
  { file: ENV_LOCAL, committed: false },
] as const;

export interface EnvVariableView {
  name: string;
  /** `****` when the name says it is a secret. */
  value: string;
  secret: boolean;
}

export interface EnvFileView {
  /** Relative to api-docs/. */
  file: string;
  committed: boolean;
  exists: boolean;
  environments: { name: string; variables: EnvVariableView[] }[];
  issues: Issue[];
}

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

function readIfExists(path: string): string | undefined {
  const read = readTextSync(path);
  return read.ok ? read.text : undefined;
}

/** One file's environments; its variables in the order written. */
export function envFileView(file: string, committed: boolean, text?: string): EnvFileView {
  if (text === undefined) return { file, committed, exists: false, environments: [], issues: [] };
  const { env, issues } = parseEnvFile(text, file);
  return {
    file,
    committed,
    exists: true,
    environments: env.sections.map((section) => ({
      name: section.name,
      variables: Object.entries(section.vars).map(([name, value]) => ({
        name,
        value: isSecretName(name) ? MASK : value,
        secret: isSecretName(name),
      })),
    })),
    issues,
  };
}

/** Both environment files of a collection, and the names (never the values) `.env.local` defines. */
export function readEnvFiles(
  collectionRoot: string,
  projectRoot: string,
): { files: EnvFileView[]; dotenv: { file: string; exists: boolean; names: string[] } } {
  const files = ENV_FILES.map(({ file, committed }) =>
    envFileView(file, committed, readIfExists(join(collectionRoot, file)))
  );
  const dotenvText = readIfExists(join(projectRoot, ".env.local"));
  return {
    files,
    dotenv: {
      file: ".env.local",
      exists: dotenvText !== undefined,
      names: dotenvText === undefined
        ? []
        : Object.keys(parseDotenv(dotenvText, ".env.local").vars).sort(),
    },
  };
}

/** What a file created here starts with: the template's, then env.md's. */
const NEW_FILE_HEADERS = [
  "# Environments\n\nThe shape of every environment and its safe defaults; committed. Secrets go in\n`.env.local` or `APISPEC_*` variables.\n",
  "# Local environment values\n\nOverrides `env.template.md` per key on this machine. Not committed.\n",
];

export type EnvWrite =
  | { ok: true; view: EnvFileView }
  | {
    ok: false;
    code: "SECRET_DETECTED" | "INVALID";
    message: string;
    fix: string;
    issues: Issue[];
  };

/**
 * Edits one environment of one file (absolute `path`, collection-relative
 * `file`) and writes it atomically. A masked value (`****`) of a secret-named
 * variable means "unchanged".
 */
export async function writeEnvVars(path: string, file: string, edit: EnvEdit): Promise<EnvWrite> {
  const committed = ENV_FILES.find((f) => f.file === file)?.committed ?? true;
  const set = Object.fromEntries(
    Object.entries(edit.set).filter(([name, value]) => !(value === MASK && isSecretName(name))),
  );
  const before = readIfExists(path) ?? "";
  const edited = editEnvText(before || NEW_FILE_HEADERS[committed ? 0 : 1], { ...edit, set }, file);
  if (edited.issues.length > 0) {
    return {
      ok: false,
      code: "INVALID",
      message: edited.issues[0].message,
      fix: edited.issues[0].fix ?? "",
      issues: edited.issues,
    };
  }
  const found = scanSecrets(edited.text, file);
  if (found.length > 0) {
    const section = parseEnvFile(edited.text, file).env.sections.find((s) => s.name === edit.env);
    const name = Object.entries(section?.lines ?? {}).find(([, line]) => line === found[0].line)
      ?.[0];
    const what = name ? `"${name}"` : `Line ${found[0].line}`;
    return {
      ok: false,
      code: "SECRET_DETECTED",
      message: `${what} looks like a secret (${
        found[0].message.replace(/^Possible /, "").replace(/ in a versioned file$/, "")
      }); nothing was written to ${file}`,
      fix: `Put it in .env.local next to api-docs/ (gitignored) as ${name ?? "<name>"}=<value>, ` +
        `or set APISPEC_<NAME> in the environment; ${
          committed ? `${file} is committed` : `${file} is scanned before every run (exit 5)`
        }, so a {{variable}} or a safe default goes there instead`,
      issues: found,
    };
  }
  if (edited.text !== before) await writeTextAtomic(path, edited.text);
  return { ok: true, view: envFileView(file, committed, edited.text) };
}
