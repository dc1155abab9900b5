/**
 * Finds the collection (`api-docs/`) and loads what every command needs from
 * it: the project config, both environment files and `.env.local`, each
 * secret-scanned before anything is sent.
 */
import {
  basename,
  dirname,
  isAbsolute,
  join,
  relative,
  resolve,
  sep as SEP,
} from "../../adapters/path.ts";
import { type Issue, issue } from "../../engine/issue.ts";
import { DEFAULT_PROJECT, type EnvFile, type ProjectConfig } from "../../engine/model.ts";
import { parseDotenv } from "../../engine/parse/dotenv.ts";
import { parseEnvFile } from "../../engine/parse/env.ts";
import { parseProject } from "../../engine/parse/project.ts";
import {
  dotenvLayer,
  type LayerName,
  orderLayers,
  osLayer,
  type VarLayer,
} from "../../engine/resolve/layers.ts";
import { scanSecrets } from "../../engine/secrets/scan.ts";
import {
  exists,
  existsSync,
  isDirectory,
  readTextSync,
  toSlash,
  UnreadableFile,
} from "../../adapters/fs.ts";
import { type FileKind, kindOf, PROJECT_FILES } from "./file_kind.ts";
import { repositoryTop } from "../../adapters/git.ts";
import { type OpsContext, userDataDir } from "../../adapters/system.ts";

export const COLLECTION_DIR = "api-docs";
export const ENV_TEMPLATE = "_shared/env.template.md";
export const ENV_LOCAL = "_shared/env.md";

export interface Collection {
  /** Absolute path of the collection folder (`.../api-docs`). */
  root: string;
  /** The folder that holds the collection; `.env.local` and `.apispec/` live here. */
  projectRoot: string;
  config: ProjectConfig;
  /** `env.md` first, then `env.template.md`; either may be absent. */
  envFiles: { kind: "env" | "env-template"; env: EnvFile }[];
  dotenv: Record<string, string>;
  issues: Issue[];
  /** Display path → text of every file read, for caret rendering. */
  sources: Map<string, string>;
}

/** A path for messages: relative to the working folder when inside it. */
export function displayPath(path: string, cwd: string): string {
  // The common case without path.relative, which batches would call for every file.
  const prefix = cwd.endsWith(SEP) ? cwd : cwd + SEP;
  if (path.startsWith(prefix) && !path.includes(`${SEP}.`)) {
    return toSlash(path.slice(prefix.length));
  }
  const rel = relative(cwd, path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? toSlash(rel) : toSlash(path);
}

/** The per-user default workspace's collection folder. */
export function defaultWorkspace(env: Record<string, string>): string {
  return join(userDataDir(env), "apispec", "workspace", COLLECTION_DIR);
}

/**
 * Why discovery found no collection (`root` is what it found, missing): run
 * outside any project, the default workspace is the last place looked.
 */
export function noCollection(root: string, ctx: OpsContext): { message: string; fix: string } {
  const shown = displayPath(root, ctx.cwd);
  return {
    message: root === defaultWorkspace(ctx.env)
      ? `No collection found: no api-docs/ in ${ctx.cwd} or its repository, and no default workspace (${shown})`
      : `No collection found: ${shown} does not exist`,
    fix:
      "Run inside a project that has api-docs/, pass the collection folder, or create one with " +
      "`apispec init`",
  };
}

/**
 * Collection discovery: `--config` (its folder) > nearest ancestor folder named
 * `api-docs` of the file being run > `<git toplevel>/api-docs` > `./api-docs` >
 * the per-user default workspace.
 */
export async function findCollectionRoot(
  options: { config?: string; near?: string },
  ctx: OpsContext,
): Promise<string> {
  if (options.config) return dirname(resolve(ctx.cwd, options.config));
  if (options.near) {
    let dir = resolve(ctx.cwd, options.near);
    if (!(await isDirectory(dir))) dir = dirname(dir);
    for (let current = dir;; current = dirname(current)) {
      if (basename(current) === COLLECTION_DIR) return current;
      if (dirname(current) === current) break;
    }
  }
  const top = repositoryTop(ctx.cwd);
  if (top && await isDirectory(join(top, COLLECTION_DIR))) return join(top, COLLECTION_DIR);
  if (await isDirectory(join(ctx.cwd, COLLECTION_DIR))) return join(ctx.cwd, COLLECTION_DIR);
  if (basename(ctx.cwd) === COLLECTION_DIR) return ctx.cwd;
  return defaultWorkspace(ctx.env);
}

/**
 * The `api-docs/` folder that holds `folder`, and `folder`'s place in it as a
 * path prefix (`apis/users/`): a folder of a collection is read as part of it
 * (its files' kinds, history, `project.md`). Outside one, `folder` itself and "".
 */
export async function placeInCollection(
  folder: string,
  ctx: OpsContext,
): Promise<{ collection: string; prefix: string }> {
  const found = await findCollectionRoot({ near: folder }, ctx);
  const rel = relative(found, folder);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel)
    ? { collection: found, prefix: `${toSlash(rel)}/` }
    : { collection: folder, prefix: "" };
}

/**
 * The kind of each markdown file under `folder`, by its path relative to
 * `folder`, as its place in the collection says: under `api-docs/flows`,
 * `checkout.md` is a flow.
 */
export async function kindsUnder(
  folder: string,
  ctx: OpsContext,
): Promise<(relative: string) => FileKind> {
  const { prefix } = await placeInCollection(folder, ctx);
  return (rel) => kindOf(prefix + rel);
}

/** A small config file's text, or undefined when it does not exist. Synchronous: these reads
 * sit on every command's path, and a sync read of a small file costs far less than an async one. */
function readIfExists(path: string): string | undefined {
  const read = readTextSync(path);
  if (read.ok) return read.text;
  if (
    read.error instanceof Deno.errors.NotFound || read.error instanceof Deno.errors.IsADirectory ||
    (read.error instanceof UnreadableFile && read.error.folder)
  ) {
    return undefined;
  }
  throw read.error;
}

/** The collection's project config file: `project.md`, else the original tool's `reqbook.md` when only it exists. */
export function projectFilePath(root: string): string {
  const found = PROJECT_FILES.map((name) => join(root, name)).find(existsSync);
  return found ?? join(root, PROJECT_FILES[0]);
}

/** Loads config, environment files and `.env.local`; problems become issues, never exceptions. */
export function loadCollection(
  root: string,
  ctx: OpsContext,
  configPath?: string,
): Promise<Collection> {
  const projectRoot = dirname(root);
  const collection: Collection = {
    root,
    projectRoot,
    config: DEFAULT_PROJECT,
    envFiles: [],
    dotenv: {},
    issues: [],
    sources: new Map(),
  };
  const read = (path: string) => {
    try {
      const text = readIfExists(path);
      if (text !== undefined) collection.sources.set(displayPath(path, ctx.cwd), text);
      return text;
    } catch (error) {
      collection.issues.push(
        issue(
          "ENGINE_ERROR",
          `Cannot read ${displayPath(path, ctx.cwd)}: ${(error as Error).message}`,
          {
            file: displayPath(path, ctx.cwd),
            fix: "Check the file's permissions",
          },
        ),
      );
      return undefined;
    }
  };
  const projectFile = configPath ? resolve(ctx.cwd, configPath) : projectFilePath(root);
  const projectText = read(projectFile);
  if (projectText !== undefined) {
    const file = displayPath(projectFile, ctx.cwd);
    const { config, issues } = parseProject(projectText, file);
    collection.config = config;
    collection.issues.push(...issues, ...scanSecrets(projectText, file));
  } else if (configPath) {
    collection.issues.push(
      issue("USAGE", `Config file ${displayPath(projectFile, ctx.cwd)} does not exist`, {
        fix: "Pass --config the path of api-docs/project.md, or run `apispec init`",
      }),
    );
  }
  for (const [kind, name] of [["env", ENV_LOCAL], ["env-template", ENV_TEMPLATE]] as const) {
    const path = join(root, name);
    const text = read(path);
    if (text === undefined) continue;
    const file = displayPath(path, ctx.cwd);
    const { env, issues } = parseEnvFile(text, file);
    collection.envFiles.push({ kind, env });
    collection.issues.push(...issues, ...scanSecrets(text, file));
  }
  const dotenvPath = join(projectRoot, ".env.local");
  const dotenvText = read(dotenvPath);
  if (dotenvText !== undefined) {
    const { vars, issues } = parseDotenv(dotenvText, displayPath(dotenvPath, ctx.cwd));
    collection.dotenv = vars;
    collection.issues.push(...issues);
  }
  // The reads are synchronous (small files on every command's path); the signature stays async for callers.
  return Promise.resolve(collection);
}

/** Names of every environment the env files define, in file order. */
export function environmentNames(collection: Collection): string[] {
  const names = new Set<string>();
  for (const { env } of collection.envFiles) for (const s of env.sections) names.add(s.name);
  return [...names];
}

/**
 * Picks the environment: the requested one, else the project default. An
 * environment that no env file defines is refused, naming those that exist.
 */
export function selectEnv(
  collection: Collection,
  requested?: string,
): { env: string; issues: Issue[] } {
  const env = requested ?? collection.config.defaultEnv;
  const names = environmentNames(collection);
  if (names.includes(env) || (names.length === 0 && requested === undefined)) {
    return { env, issues: [] };
  }
  const file = collection.envFiles[0]?.env.file;
  return {
    env,
    issues: [
      issue(
        "VALIDATION_ERROR",
        `Environment "${env}" is not defined${
          names.length ? "" : ": there are no environment files"
        }`,
        {
          file,
          fix: names.length
            ? `Use one of: ${names.join(", ")}; or add a \`## ${env}\` section to ${ENV_TEMPLATE}`
            : `Create api-docs/${ENV_TEMPLATE} with a \`## ${env}\` section, or run \`apispec init\``,
        },
      ),
    ],
  };
}

export interface LayerInputs {
  captures?: Record<string, string>;
  cli?: Record<string, string>;
  tool?: Record<string, string>;
  session?: Record<string, string>;
  frontmatter?: Record<string, string>;
}

/** Builds the variable layers for one environment in the given priority order. */
export function buildLayers(
  collection: Collection,
  env: string,
  inputs: LayerInputs,
  order: LayerName[],
  osPrefixes: string[],
  osEnv: Record<string, string>,
): VarLayer[] {
  const layers: VarLayer[] = [];
  if (inputs.captures) layers.push({ name: "capture", label: "capture", vars: inputs.captures });
  if (inputs.cli) layers.push({ name: "cli", label: "--var", vars: inputs.cli });
  if (inputs.tool) layers.push({ name: "tool", label: "vars", vars: inputs.tool });
  if (inputs.session) layers.push({ name: "session", label: "session", vars: inputs.session });
  if (inputs.frontmatter) {
    layers.push({ name: "frontmatter", label: "frontmatter vars", vars: inputs.frontmatter });
  }
  for (const { kind, env: file } of collection.envFiles) {
    const section = file.sections.find((s) => s.name === env);
    if (section) layers.push({ name: kind, label: `${file.file} [${env}]`, vars: section.vars });
  }
  layers.push(cachedDotenvLayer(collection.dotenv));
  layers.push(cachedOsLayer(osEnv, osPrefixes));
  return orderLayers(layers, order);
}

// The same `.env.local` and OS environment serve every spec of a batch or flow: build their layers once.
const dotenvLayers = new WeakMap<Record<string, string>, VarLayer>();
const osLayers = new WeakMap<Record<string, string>, Map<string, VarLayer>>();

function cachedDotenvLayer(vars: Record<string, string>): VarLayer {
  let layer = dotenvLayers.get(vars);
  if (!layer) dotenvLayers.set(vars, layer = dotenvLayer(vars, ".env.local"));
  return layer;
}

function cachedOsLayer(env: Record<string, string>, prefixes: string[]): VarLayer {
  let byPrefixes = osLayers.get(env);
  if (!byPrefixes) osLayers.set(env, byPrefixes = new Map());
  const key = prefixes.join(",");
  let layer = byPrefixes.get(key);
  if (!layer) byPrefixes.set(key, layer = osLayer(env, prefixes));
  return layer;
}

/**
 * Paths given to commands and tools: one that exists relative to the working
 * folder is used as is; otherwise it is taken relative to the collection root.
 */
export async function resolveUserPath(
  path: string,
  ctx: OpsContext,
  config?: string,
): Promise<string> {
  const direct = resolve(ctx.cwd, path);
  if (isAbsolute(path) || await exists(direct)) return direct;
  const root = await findCollectionRoot({ config }, ctx);
  const inRoot = resolve(root, path);
  return await exists(inRoot) ? inRoot : direct;
}

/**
 * Paths written in a flow (steps, `data:`): relative to the collection root,
 * or to the flow file when they start with ./ or ../.
 */
export function resolveStepPath(
  endpoint: string,
  flowPath: string,
  collectionRoot: string,
): string {
  return endpoint.startsWith("./") || endpoint.startsWith("../")
    ? resolve(dirname(flowPath), endpoint)
    : resolve(collectionRoot, endpoint);
}
