/**
 * Creating, duplicating, renaming and deleting files and folders of the
 * collection (write routes: cookie, Origin and Host checked by the handler),
 * through `src/ops/collection/manage.ts`: paths contained in the collection,
 * nothing written over an existing file, new files validated first, writes
 * atomic. The index follows at once; open pages follow the watcher.
 */
import { HTTP_METHODS, type HttpMethod } from "../../engine/model.ts";
import {
  createEndpoint,
  createFlow,
  createFolder,
  deleteEntry,
  duplicateFile,
  type ManageResult,
  renameEntry,
} from "../../ops/collection/manage.ts";
import { BadRequest, json, problem, readJson, stringField } from "./reply.ts";
import type { PreviewState } from "../state.ts";

const STATUS = { EXISTS: 409, NOT_FOUND: 404, INVALID: 422, FORBIDDEN: 403 } as const;

/** The answer; the index re-reads the files touched (a moved folder: all of them). */
async function answer(
  state: PreviewState,
  result: ManageResult,
  touched: (result: { path: string; files?: string[] }) => string[] | "all",
): Promise<Response> {
  if (!result.ok) {
    const code = result.code === "FORBIDDEN" ? "FORBIDDEN_PATH" : result.code;
    return problem(STATUS[result.code], code, result.message, result.fix, result.issues);
  }
  const files = touched(result);
  if (files === "all") await state.index.rebuild();
  else await state.index.update(files);
  return json({ status: "ok", path: result.path, files: result.files ?? [] });
}

const made = (r: { path: string }) => [r.path];

/**
 * `POST /api/files/create {kind: "endpoint", path, method, url_path, title?}`,
 * `{kind: "flow", path, first_step, title?}` or `{kind: "folder", path}`.
 */
export async function createRoute(state: PreviewState, request: Request): Promise<Response> {
  const body = await readJson(request);
  const kind = stringField(body, "kind")!;
  const path = stringField(body, "path")!;
  const root = state.workspace.collection;
  const title = stringField(body, "title", false);
  if (kind === "endpoint") {
    const method = (stringField(body, "method") ?? "").toUpperCase();
    if (!HTTP_METHODS.includes(method as HttpMethod)) {
      throw new BadRequest(`Method "${method}" is not supported`, `Use ${HTTP_METHODS.join(", ")}`);
    }
    return answer(
      state,
      await createEndpoint(root, {
        path,
        method: method as HttpMethod,
        urlPath: stringField(body, "url_path")!,
        title,
      }),
      made,
    );
  }
  if (kind === "flow") {
    return answer(
      state,
      await createFlow(root, { path, title, firstStep: stringField(body, "first_step")! }),
      made,
    );
  }
  if (kind === "folder") return answer(state, await createFolder(root, path), () => []);
  throw new BadRequest(`Kind "${kind}" is unknown`, "Send endpoint, flow or folder");
}

/** `POST /api/files/duplicate {path, to}`. */
export async function duplicateRoute(state: PreviewState, request: Request): Promise<Response> {
  const body = await readJson(request);
  return answer(
    state,
    await duplicateFile(
      state.workspace.collection,
      stringField(body, "path")!,
      stringField(body, "to")!,
    ),
    made,
  );
}

/** `POST /api/files/rename {path, to}`: a file or a folder; its history follows. */
export async function renameRoute(state: PreviewState, request: Request): Promise<Response> {
  const body = await readJson(request);
  const from = stringField(body, "path")!;
  return answer(
    state,
    await renameEntry(
      state.workspace.collection,
      from,
      stringField(body, "to")!,
      state.history.place,
    ),
    (r) => r.path.toLowerCase().endsWith(".md") ? [from, r.path] : "all",
  );
}

/** `POST /api/files/delete {path, confirm: true}`: a file, or a folder and all it holds. */
export async function deleteRoute(state: PreviewState, request: Request): Promise<Response> {
  const body = await readJson(request);
  if (body.confirm !== true) {
    throw new BadRequest(
      "Deleting needs confirmation",
      'Send "confirm": true once the user has seen what goes',
    );
  }
  return answer(
    state,
    await deleteEntry(state.workspace.collection, stringField(body, "path")!),
    (r) => r.files ?? [],
  );
}
