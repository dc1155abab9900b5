/**
 * Reading, validating and saving endpoint and flow files. A save validates
 * first and writes nothing when the file has an error; the write is atomic.
 */
import { errorsOf, type Issue } from "../../engine/issue.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import { parseFlow } from "../../engine/parse/flow.ts";
import { describeFlowPlan } from "../../ops/flow/plan_view.ts";
import { usedVariables } from "../../engine/resolve/build.ts";
import { createTextExclusive, exists, readText, writeTextAtomic } from "../../adapters/fs.ts";
import {
  type FileKind,
  kindOf,
  resolveStepPath,
  validateText,
} from "../../ops/collection/validate.ts";
import { containedPath } from "../guard.ts";
import { BadRequest, json, problem, readJson, stringField } from "./reply.ts";
import { type PreviewState, workspaceCtx } from "../state.ts";

/** A collection-relative markdown path, proven to stay inside the workspace. */
export async function markdownPath(
  state: PreviewState,
  given: string | null | undefined,
): Promise<{ path: string; file: string }> {
  if (!given) {
    throw new BadRequest('Parameter "path" is required', "Pass ?path=apis/<resource>/<file>.md");
  }
  const contained = await containedPath(state.workspace.collection, given);
  if (!contained.ok) {
    throw new Forbidden(
      contained.reason,
      "Give a path relative to api-docs/, without .. or links out",
    );
  }
  if (!contained.relative.toLowerCase().endsWith(".md")) {
    throw new BadRequest(`Path "${given}" is not a markdown file`, "Give a path ending in .md");
  }
  return { path: contained.path, file: contained.relative };
}

export class Forbidden extends Error {
  constructor(message: string, readonly fix: string) {
    super(message);
  }
}

export class NotFound extends Error {
  constructor(message: string, readonly fix: string) {
    super(message);
  }
}

async function readMarkdown(path: string, file: string): Promise<string> {
  try {
    return await readText(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new NotFound(
        `File ${file} does not exist`,
        "Check the path; it is relative to api-docs/",
      );
    }
    throw error;
  }
}

function validate(state: PreviewState, text: string, file: string, path: string): Promise<Issue[]> {
  return validateText(text, file, kindOf(file), {
    absolutePath: path,
    collectionRoot: state.workspace.collection,
  });
}

/** `GET /api/spec?path=`: raw markdown, the parsed spec and every validation issue. */
export async function getSpec(state: PreviewState, url: URL): Promise<Response> {
  const { path, file } = await markdownPath(state, url.searchParams.get("path"));
  const text = await readMarkdown(path, file);
  const { spec } = parseEndpoint(text, file);
  return json({
    file,
    kind: kindOf(file),
    text,
    spec: spec ?? null,
    issues: await validate(state, text, file, path),
  });
}

/** `GET /api/flow?path=`: raw markdown, the parsed flow, issues, and what each step's endpoint is. */
export async function getFlow(state: PreviewState, url: URL): Promise<Response> {
  const { path, file } = await markdownPath(state, url.searchParams.get("path"));
  const text = await readMarkdown(path, file);
  const { flow } = parseFlow(text, file);
  const steps = [];
  for (const step of flow?.steps ?? []) {
    steps.push({ endpoint: step.endpoint, ...await stepEndpoint(state, step.endpoint, path) });
  }
  // The plan: sub-flows expanded and each step's loop, condition and polling, for the canvas.
  const plan = await describeFlowPlan(path, {
    collectionRoot: state.workspace.collection,
    text,
    file,
  }, workspaceCtx(state));
  return json({
    file,
    kind: kindOf(file),
    text,
    flow: flow ?? null,
    steps,
    plan: plan.nodes,
    data: plan.data ?? null,
    issues: await validate(state, text, file, path),
  });
}

/** What the canvas shows for a step's endpoint file, and the variables it uses. */
async function stepEndpoint(state: PreviewState, endpoint: string, flowPath: string) {
  const collection = state.workspace.collection;
  const target = resolveStepPath(endpoint, flowPath, collection);
  const contained = await containedPath(collection, target.slice(collection.length + 1));
  if (!target.startsWith(collection + "/") || !contained.ok) {
    return { exists: false, error: "The step's file is outside the workspace" };
  }
  try {
    const { spec } = parseEndpoint(await readText(target), endpoint);
    if (!spec) {
      return { exists: true, file: contained.relative, error: "The endpoint file does not parse" };
    }
    return {
      exists: true,
      file: contained.relative,
      method: spec.method,
      path: spec.path,
      title: spec.title,
      uses: usedVariables(spec, spec.auth ?? "none").map((v) => v.name),
    };
  } catch {
    return { exists: false, error: "The endpoint file does not exist" };
  }
}

/** `POST /api/validate {path, text}`: issues for unsaved text; writes nothing. */
export async function validateDraft(state: PreviewState, request: Request): Promise<Response> {
  const body = await readJson(request);
  const { path, file } = await markdownPath(state, stringField(body, "path"));
  const text = stringField(body, "text")!;
  return json({ file, kind: kindOf(file), issues: await validate(state, text, file, path) });
}

/**
 * `PUT /api/spec` and `PUT /api/flow` `{path, text, create?}`: validate, then
 * write atomically. `create: true` never replaces an existing file.
 */
export function saveFile(kinds: FileKind[]) {
  return async (state: PreviewState, request: Request): Promise<Response> => {
    const body = await readJson(request);
    const { path, file } = await markdownPath(state, stringField(body, "path"));
    const text = stringField(body, "text")!;
    const kind = kindOf(file);
    if (!kinds.includes(kind)) {
      throw new BadRequest(
        `${file} is a ${kind} file, not ${kinds.join(" or ")}`,
        "Save it through the matching route",
      );
    }
    const issues = await validate(state, text, file, path);
    if (errorsOf(issues).length > 0) {
      return problem(
        422,
        "INVALID",
        `${file} has ${errorsOf(issues).length} error(s); nothing was written`,
        "Fix the listed issues and save again",
        issues,
      );
    }
    let created: boolean;
    if (body.create === true) {
      if (!(await createTextExclusive(path, text))) {
        return problem(
          409,
          "EXISTS",
          `${file} already exists`,
          "Choose another name, or open the file and edit it",
        );
      }
      created = true;
    } else {
      created = !(await exists(path));
      await writeTextAtomic(path, text);
    }
    await state.index.update([file]);
    return json({ status: "ok", file, kind, created, issues });
  };
}
