/**
 * The Coverage view's "Fuzz" (`POST /api/fuzz`, a write route: Host, Origin
 * and the write cookie are checked before it runs): `fuzzApi` (the
 * operation behind `apispec fuzz`) with the project's OpenAPI document, or
 * one given from the workspace root, streamed as JSON lines: the plan, each
 * operation as it is done, then the summary with the files written under
 * `api-docs/fuzz/`. Production is refused, as without `--yes`.
 */
import type { FuzzFailure } from "../../engine/fuzz/model.ts";
import type { Issue } from "../../engine/issue.ts";
import { fuzzApi } from "../../ops/fuzz/fuzz.ts";
import { Forbidden } from "./files.ts";
import { containedPath } from "../guard.ts";
import {
  BadRequest,
  jsonLines,
  readJson,
  type StreamError,
  stringField,
  varsField,
} from "./reply.ts";
import type { PreviewState } from "../state.ts";

export type FuzzMessage =
  | { type: "start"; operations: number; seed: number }
  | { type: "operation"; operation: string; requests: number; failures: number }
  | {
    type: "done";
    summary: { operations: number; requests: number; seed: number | null };
    /** Files relative to api-docs/. */
    failures: Pick<FuzzFailure, "check" | "method" | "path" | "status" | "file" | "message">[];
    exit_code: number;
    issues: Issue[];
  }
  | StreamError;

function integerField(
  body: Record<string, unknown>,
  name: string,
  min: number,
): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min) {
    throw new BadRequest(
      `"${name}" must be an integer of at least ${min}`,
      `Send e.g. "${name}": ${min}`,
    );
  }
  return value;
}

/** `POST /api/fuzz {env?, vars?, seed?, maxExamples?, stateful?, openapi?}`. */
export async function fuzzRoute(state: PreviewState, request: Request): Promise<Response> {
  const body = await readJson(request);
  const given = stringField(body, "openapi", false);
  let openapi: string | undefined;
  if (given !== undefined && given !== "") {
    const contained = await containedPath(state.workspace.root, given);
    if (!contained.ok) {
      throw new Forbidden(
        contained.reason,
        "Give a path from the project folder, e.g. openapi.yaml",
      );
    }
    openapi = contained.path;
  }
  const seed = integerField(body, "seed", 0);
  const maxExamples = integerField(body, "maxExamples", 1);
  const env = stringField(body, "env", false) ?? state.env;
  const vars = varsField(body, "vars");
  // Paths in answers are from api-docs/, as every other route names files.
  const ctx = { ...state.ctx, cwd: state.workspace.collection };
  return jsonLines<FuzzMessage>(async (send) => {
    const result = await fuzzApi({
      dir: state.workspace.collection,
      openapi,
      env,
      cli: vars,
      seed,
      maxExamples,
      stateful: body.stateful === true,
      progress: (event) => send(event),
    }, ctx);
    send({
      type: "done",
      summary: {
        operations: result.summary.operations,
        requests: result.summary.requests,
        seed: result.seed ?? null,
      },
      failures: result.failures.map(({ check, method, path, status, file, message }) => ({
        check,
        method,
        path,
        status,
        file,
        message,
      })),
      exit_code: result.exitCode,
      issues: result.issues,
    });
  }, "This is a bug in apispec; run `apispec fuzz` for details");
}
