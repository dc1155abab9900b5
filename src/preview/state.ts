/** What every route of the preview server shares. */
import type { OpsContext } from "../adapters/system.ts";
import type { EventHub } from "./events.ts";
import type { HistoryCache } from "./history_cache.ts";
import type { CollectionIndex } from "./index_cache.ts";
import type { Workspace, WorkspaceView } from "./workspace.ts";
import type { Issue } from "../engine/issue.ts";

export interface PreviewState {
  /** The process context; routes run operations with `cwd` at the workspace root. */
  ctx: OpsContext;
  workspace: Workspace;
  index: CollectionIndex;
  /** The last run of every spec, refreshed as history files change. */
  history: HistoryCache;
  events: EventHub;
  /** `--env`: the environment Send uses unless the UI picks another. */
  env?: string;
  /** `--mock`: Send answers with the expected response. */
  mock: boolean;
  /** The write-session token of this start. */
  token: string;
  /** Switches the workspace: index, watcher and connected browsers follow. */
  openWorkspace(path: string): Promise<{ view?: WorkspaceView; issues: Issue[] }>;
  describe(): Promise<WorkspaceView>;
}

/** The operations' context inside the workspace: paths in messages read `api-docs/...`. */
export function workspaceCtx(state: PreviewState): OpsContext {
  return { ...state.ctx, cwd: state.workspace.root };
}
