/**
 * "Accept response as expected": what `apispec exec --update` does, for a
 * run the UI has shown. Send keeps its run (the response unmasked, in this
 * process only) under an id; `POST /api/update` plans the rewrite with
 * `planUpdate` and answers the diff to confirm; `POST /api/update/apply`
 * writes it with `applyUpdate` (atomic; refused when the file changed since
 * the run read it). Nothing is sent again.
 */
import type { ExecResult } from "../../ops/run/exec.ts";
import { applyUpdate, planUpdate } from "../../ops/run/update.ts";
import { lineDiff } from "../../engine/render/line_diff.ts";
import { json, problem, readJson, stringField } from "./reply.ts";
import { type PreviewState, workspaceCtx } from "../state.ts";
import { NotFound } from "./files.ts";

/** Runs kept per server; the oldest goes first. */
const KEPT = 20;
const runs = new WeakMap<PreviewState, Map<string, ExecResult>>();

/** Keeps a run for a later accept; returns its id. */
export function keepRun(state: PreviewState, result: ExecResult): string {
  let kept = runs.get(state);
  if (!kept) runs.set(state, kept = new Map());
  const id = crypto.randomUUID();
  kept.set(id, result);
  for (const old of kept.keys()) {
    if (kept.size <= KEPT) break;
    kept.delete(old);
  }
  return id;
}

function keptRun(state: PreviewState, body: Record<string, unknown>): ExecResult {
  const result = runs.get(state)?.get(stringField(body, "update_id")!);
  if (!result) {
    throw new NotFound(
      "That run is no longer kept (the server restarted, or 20 runs came after it)",
      "Send the endpoint again, then accept its response",
    );
  }
  return result;
}

/** `POST /api/update {update_id}`: the rewrite of `## Expected response`, to confirm. */
export function planRoute(state: PreviewState, request: Request): Promise<Response> {
  return readJson(request).then((body) => {
    const { plan, issues } = planUpdate(keptRun(state, body), workspaceCtx(state));
    if (!plan) return problem(422, "NOT_WRITTEN", issues[0].message, issues[0].fix ?? "", issues);
    return json({
      file: plan.file,
      changed: plan.changed,
      diff: lineDiff(plan.update.before.join("\n"), plan.update.after.join("\n")) ?? [],
      dropped_headers: plan.update.droppedHeaders,
    });
  });
}

/** `POST /api/update/apply {update_id}`: writes the planned rewrite. */
export async function applyRoute(state: PreviewState, request: Request): Promise<Response> {
  const body = await readJson(request);
  const { plan, issues } = planUpdate(keptRun(state, body), workspaceCtx(state));
  if (!plan) return problem(422, "NOT_WRITTEN", issues[0].message, issues[0].fix ?? "", issues);
  const failed = plan.changed ? await applyUpdate(plan) : undefined;
  if (failed) return problem(409, "CHANGED", failed.message, failed.fix ?? "", [failed]);
  // The watcher refreshes the index and tells the open pages.
  return json({ status: "ok", file: plan.file, written: plan.changed });
}
