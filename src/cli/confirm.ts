/**
 * Production guard: a run against `prod` or `production` asks first in an
 * interactive shell and is refused in a non-interactive one unless --yes.
 */
import type { Issue } from "../engine/issue.ts";
import { PRODUCTION_ENVS } from "../engine/model.ts";
import type { CliIO } from "./io.ts";

/** Undefined when the run may go ahead; otherwise the usage issue that refuses it. */
export async function confirmProduction(
  env: string | undefined,
  io: CliIO,
): Promise<Issue | undefined> {
  if (!env || !PRODUCTION_ENVS.includes(env) || io.global.yes) return undefined;
  const refused: Issue = {
    code: "USAGE",
    severity: "error",
    message: `Refusing to run against "${env}" without confirmation`,
    fix: "Pass --yes to confirm a run against production in a non-interactive shell",
  };
  if (!io.stdinIsTTY) return refused;
  const answer = await io.prompt(`Run against ${env}? This sends real requests. [y/N] `);
  return answer !== null && /^y(es)?$/i.test(answer.trim())
    ? undefined
    : { ...refused, message: `Run against "${env}" cancelled` };
}
