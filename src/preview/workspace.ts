/**
 * The preview server's workspace: the folder that holds `api-docs/` (or an
 * `api-docs` folder itself), and the object `GET /api/workspace/current` and
 * `POST /api/workspace/open` answer with.
 */
import { basename, join, resolve } from "../adapters/path.ts";
import { type Issue, issue } from "../engine/issue.ts";
import { isDirectory } from "../adapters/fs.ts";
import type { OpsContext } from "../adapters/system.ts";
import {
  COLLECTION_DIR,
  environmentNames,
  findCollectionRoot,
  loadCollection,
} from "../ops/collection/load.ts";

export interface Workspace {
  /** The folder that holds `api-docs/`: `.env.local` and `.apispec/` live here. */
  root: string;
  /** The collection folder, `<root>/api-docs`; every path of the API is relative to it. */
  collection: string;
}

/** Finds the workspace for a folder; without one, collection discovery from the working folder. */
export async function resolveWorkspace(
  path: string | undefined,
  ctx: OpsContext,
): Promise<{ workspace?: Workspace; issues: Issue[] }> {
  let collection: string;
  if (path !== undefined) {
    const absolute = resolve(ctx.cwd, path);
    if (basename(absolute) === COLLECTION_DIR && await isDirectory(absolute)) collection = absolute;
    else collection = join(absolute, COLLECTION_DIR);
  } else {
    collection = await findCollectionRoot({}, ctx);
  }
  if (!(await isDirectory(collection))) {
    const where = path ?? ctx.cwd;
    return {
      issues: [issue("USAGE", `No ${COLLECTION_DIR}/ folder in ${where}`, {
        fix: `Pass the folder that holds ${COLLECTION_DIR}/, or run \`apispec init\` there`,
      })],
    };
  }
  const real = await Deno.realPath(collection);
  return { workspace: { root: resolve(real, ".."), collection: real }, issues: [] };
}

export interface WorkspaceView {
  name: string;
  root: string;
  collection: string;
  /** The environment Send uses unless the UI picks another. */
  env: string;
  default_env: string;
  environments: string[];
  /** True when Send answers with the expected response instead of sending (`serve --mock`). */
  mock: boolean;
}

export async function describeWorkspace(
  workspace: Workspace,
  ctx: OpsContext,
  options: { env?: string; mock: boolean },
): Promise<WorkspaceView> {
  const loaded = await loadCollection(workspace.collection, { ...ctx, cwd: workspace.root });
  return {
    name: loaded.config.name,
    root: workspace.root,
    collection: workspace.collection,
    env: options.env ?? loaded.config.defaultEnv,
    default_env: loaded.config.defaultEnv,
    environments: environmentNames(loaded),
    mock: options.mock,
  };
}
