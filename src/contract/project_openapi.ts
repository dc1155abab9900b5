/**
 * The OpenAPI document a project names in `project.md` (`openapi:
 * ../openapi.yaml`), resolved relative to the project file and proven to stay
 * inside the project (the folder that holds `api-docs/`), links included.
 * `apispec coverage` and the preview UI's Coverage view use it when no
 * document is given.
 */
import { dirname, resolve } from "../adapters/path.ts";
import { type Issue, issue } from "../engine/issue.ts";
import { parseProject } from "../engine/parse/project.ts";
import { readTextIfExists } from "../adapters/jsonl.ts";
import { staysInside } from "../adapters/contain.ts";
import type { OpsContext } from "../adapters/system.ts";
import { displayPath, projectFilePath } from "../ops/collection/load.ts";

export type ProjectOpenApi =
  /** `path`: absolute; absent when the project names no document. */
  | { ok: true; path?: string }
  | { ok: false; issue: Issue };

/** Reads `openapi:` of the collection's project file (or `--config`'s). */
export async function projectOpenApi(
  collectionRoot: string,
  ctx: OpsContext,
  configPath?: string,
): Promise<ProjectOpenApi> {
  const projectFile = configPath ? resolve(ctx.cwd, configPath) : projectFilePath(collectionRoot);
  const text = await readTextIfExists(projectFile);
  if (text === undefined) return { ok: true };
  const file = displayPath(projectFile, ctx.cwd);
  const { config, issues } = parseProject(text, file);
  const problem = issues.find((i) =>
    i.severity === "error" && i.message.startsWith('Field "openapi"')
  );
  if (problem) return { ok: false, issue: problem };
  if (!config.openapi) return { ok: true };
  const path = resolve(dirname(projectFile), config.openapi);
  const inside = await staysInside(dirname(collectionRoot), path);
  if (!inside.ok) {
    return {
      ok: false,
      issue: issue("VALIDATION_ERROR", `"openapi: ${config.openapi}" leaves the project`, {
        file,
        fix: "Keep the OpenAPI document inside the folder that holds api-docs/, without links out",
      }),
    };
  }
  return { ok: true, path };
}
