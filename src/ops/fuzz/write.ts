/**
 * Writes each fuzz failure as an endpoint file under the run's `out` folder,
 * only there (no link out of it) and never over another file: a name taken
 * by a different file gets `-2`, `-3`...; the same file from an earlier run
 * with the same seed is left as it is. Known secrets are masked out of the
 * file; a file that would not validate is not written.
 */
import { join } from "../../adapters/path.ts";
import { type Issue, issue, warning } from "../../engine/issue.ts";
import { renderSpec } from "../../engine/render/spec_md.ts";
import { parseEndpoint } from "../../engine/parse/spec.ts";
import { maskKnown, maskResponse, maskText } from "../../engine/secrets/mask.ts";
import { documentedResponse } from "../../engine/fuzz/checks.ts";
import { failureDraft, failureFileName } from "../../engine/fuzz/draft.ts";
import type { FuzzFailure, FuzzOperation } from "../../engine/fuzz/model.ts";
import { createInside } from "../../adapters/contain.ts";
import { readTextIfExists } from "../../adapters/jsonl.ts";
import type { OpsContext } from "../../adapters/system.ts";
import { displayPath } from "../collection/load.ts";
import type { Found } from "./session.ts";

export interface WriteOptions {
  outDir: string;
  seed: number;
  /** A response's standalone schema, for `## Schema`. */
  schemaFor(op: FuzzOperation, code: string): Record<string, unknown> | undefined;
}

/** The most names tried for one failure before giving up (`-2` ... `-50`). */
const MAX_NAMES = 50;
/** Characters of the answer quoted in a file's notes. */
const EXCERPT = 300;

export async function writeFailures(
  found: Found[],
  options: WriteOptions,
  ctx: OpsContext,
): Promise<{ failures: FuzzFailure[]; issues: Issue[] }> {
  const failures: FuzzFailure[] = [];
  const issues: Issue[] = [];
  for (const item of found) {
    const { op, failure, sent } = item;
    const response = sent.response!;
    const secrets = sent.secrets;
    const facts = {
      op,
      failure,
      status: response.status,
      documented: documentedResponse(op, response.status)?.code,
      ...(item.mutation ? { mutation: item.mutation } : {}),
      seed: options.seed,
      also: item.also.map((f) => f.check),
      excerpt: maskText(response.body.slice(0, EXCERPT), secrets),
      ...(item.after ? { after: item.after } : {}),
      shrinks: item.shrinks,
    };
    const entry: FuzzFailure = {
      check: failure.check,
      method: op.method,
      path: op.path,
      status: response.status,
      file: null,
      seed: options.seed,
      message: maskText(failure.message, secrets),
      also: item.also.map((f) => f.check),
      ...(sent.request ? { request: sent.request } : {}),
      response: maskResponse({ ...response, reason: "" }, secrets),
      written: "not written",
    };
    for (let n = 1; n <= MAX_NAMES; n++) {
      const path = join(options.outDir, failureFileName(op, failure.check, n));
      const shown = displayPath(path, ctx.cwd);
      const draft = failureDraft(sent.draft, facts, (code) => options.schemaFor(op, code), shown);
      entry.expected = draft.expected;
      // Only known secrets: a generated value shaped like a token must stay as sent.
      const text = maskKnown(renderSpec(draft), secrets);
      const invalid = parseEndpoint(text, shown).issues.find((i) => i.severity === "error");
      if (invalid) {
        entry.written = `not written: ${invalid.message}`;
        issues.push(
          warning(`The failure of ${op.method} ${op.path} was not written: ${invalid.message}`, {
            file: shown,
          }),
        );
        break;
      }
      const existing = await readTextIfExists(path).catch(() => undefined);
      if (existing === text) {
        entry.file = shown;
        entry.written = "exists";
        break;
      }
      if (existing !== undefined) continue;
      let created;
      try {
        created = await createInside(options.outDir, path, text);
      } catch (error) {
        issues.push(issue("ENGINE_ERROR", `Cannot write ${shown}: ${(error as Error).message}`, {
          file: shown,
          fix: "Check that --out names a folder apispec may write to",
        }));
        break;
      }
      if (created === "exists") continue;
      if (typeof created === "object") {
        issues.push(issue("ENGINE_ERROR", `Not written: ${created.refused}`, {
          file: shown,
          fix: "Give --out a folder without links out of it",
        }));
        break;
      }
      entry.file = shown;
      entry.written = "written";
      break;
    }
    failures.push(entry);
  }
  return { failures, issues };
}
