/**
 * `exec --update`: plans the rewrite of a spec's `## Expected response` from
 * the response its run got, then writes it atomically. The plan is shown
 * (and, on a terminal, confirmed) before anything is written.
 */
import { resolve } from "../../adapters/path.ts";
import { type Issue, issue } from "../../engine/issue.ts";
import { normalizeText } from "../../engine/parse/markdown.ts";
import { scanSecrets } from "../../engine/secrets/scan.ts";
import { type ExpectedUpdate, updateExpectedText } from "../../engine/render/update_expected.ts";
import { readTextSync, writeTextAtomic } from "../../adapters/fs.ts";
import type { OpsContext } from "../../adapters/system.ts";
import type { ExecResult } from "./exec.ts";

export interface UpdatePlan {
  /** Absolute path of the endpoint file. */
  path: string;
  file: string;
  /** The file as the run read it. */
  original: string;
  update: ExpectedUpdate;
  /** False when the block already says what the response said. */
  changed: boolean;
}

/** What to write, or why nothing can be: no response, no block, a credential in the response. */
export function planUpdate(
  result: ExecResult,
  ctx: OpsContext,
): { plan?: UpdatePlan; issues: Issue[] } {
  const original = result.sources.get(result.file);
  if (!result.rawResponse || !result.spec || original === undefined) {
    return {
      issues: [issue("USAGE", `Nothing to update in ${result.file}: the run got no response`, {
        file: result.file,
        fix: "Fix what stopped the run (above), then run `exec --update` again",
      })],
    };
  }
  const update = updateExpectedText(original, result.spec, result.rawResponse, result.secrets);
  if (!update) {
    return {
      issues: [
        issue("SPEC_PARSE_ERROR", `${result.file} has no http block under ## Expected response`, {
          file: result.file,
          fix: "Add one (```http ... ```), then run `exec --update` again",
        }),
      ],
    };
  }
  // Values that look like credentials were masked; anything the scanner still finds stops the write.
  const before = new Set(scanSecrets(original, result.file).map((i) => i.message));
  const leaked = scanSecrets(update.text, result.file).filter((i) => !before.has(i.message));
  if (leaked.length > 0) {
    return {
      issues: leaked.map((found) => ({
        ...found,
        message: `${found.message}: the live response holds it; nothing was written`,
      })),
    };
  }
  return {
    plan: {
      path: resolve(ctx.cwd, result.file),
      file: result.file,
      original,
      update,
      changed: update.text !== normalizeText(original),
    },
    issues: [],
  };
}

/** Writes the plan, unless the file changed since the run read it. */
export async function applyUpdate(plan: UpdatePlan): Promise<Issue | undefined> {
  const now = readTextSync(plan.path);
  if (!now.ok || now.text !== plan.original) {
    return issue(
      "ENGINE_ERROR",
      `${plan.file} changed while the request ran; nothing was written`,
      {
        file: plan.file,
        fix: "Run `exec --update` again",
      },
    );
  }
  try {
    await writeTextAtomic(plan.path, plan.update.text);
    return undefined;
  } catch (error) {
    return issue("ENGINE_ERROR", `Cannot write ${plan.file}: ${(error as Error).message}`, {
      file: plan.file,
      fix: "Check that the file and its folder are writable",
    });
  }
}
