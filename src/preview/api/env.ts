/**
 * The environment editor's routes: both environment files with secret-named
 * values masked, and edits of one environment written atomically through
 * the write token. A value the secret scanner flags is refused (422
 * `SECRET_DETECTED`) with the way to `.env.local`.
 */
import type { EnvEdit } from "../../engine/render/env_edit.ts";
import { ENV_FILES, readEnvFiles, writeEnvVars } from "../../ops/collection/env_files.ts";
import { Forbidden } from "./files.ts";
import { containedPath } from "../guard.ts";
import { BadRequest, json, problem, readJson, stringField, varsField } from "./reply.ts";
import type { PreviewState } from "../state.ts";
import { join, relative } from "../../adapters/path.ts";
import { toSlash } from "../../adapters/fs.ts";

/**
 * `GET /api/env-files`: `{files: [EnvFileView & {ignored}], dotenv: {file, exists, names,
 * ignored}}`; `ignored` is what git says of the path (`ignored`, `not-ignored`, `tracked`), so
 * the page never claims "gitignored" for a file that is not.
 */
export async function envFilesRoute(state: PreviewState): Promise<Response> {
  const { root, collection } = state.workspace;
  const read = readEnvFiles(collection, root);
  const { ignoreStatus } = await import("../../ops/setup/ignore_status.ts");
  const fromRoot = (path: string) => toSlash(relative(root, path));
  const [files, dotenvIgnored] = await Promise.all([
    Promise.all(read.files.map(async (file) => ({
      ...file,
      ignored: await ignoreStatus(root, fromRoot(join(collection, file.file))),
    }))),
    ignoreStatus(root, read.dotenv.file),
  ]);
  return json({ files, dotenv: { ...read.dotenv, ignored: dotenvIgnored } });
}

function removeField(body: Record<string, unknown>): string[] {
  const value = body.remove;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
    throw new BadRequest('Field "remove" must be a list of names', 'Send "remove": ["pageSize"]');
  }
  return value;
}

/** `PUT /api/env-files {file, env, set?: {name: value}, remove?: [name]}` (write). */
export async function saveEnvRoute(state: PreviewState, request: Request): Promise<Response> {
  const body = await readJson(request);
  const file = stringField(body, "file")!;
  if (!ENV_FILES.some((f) => f.file === file)) {
    throw new BadRequest(
      `"${file}" is not an environment file`,
      `Use ${ENV_FILES.map((f) => f.file).join(" or ")}`,
    );
  }
  const contained = await containedPath(state.workspace.collection, file);
  if (!contained.ok) {
    throw new Forbidden(contained.reason, "Keep the environment files inside api-docs/");
  }
  const edit: EnvEdit = {
    env: stringField(body, "env")!,
    set: varsField(body, "set"),
    remove: removeField(body),
  };
  const written = await writeEnvVars(contained.path, file, edit);
  if (!written.ok) return problem(422, written.code, written.message, written.fix, written.issues);
  return json({ status: "ok", file: written.view });
}
