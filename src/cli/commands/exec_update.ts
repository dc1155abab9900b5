/**
 * The `--update` half of `apispec exec`: shows how `## Expected response`
 * would change, asks on a terminal (unless --yes), writes it. Without a
 * terminal the flag itself is the consent, as `jest -u` and snapshot tools do.
 */
import { EXIT, exitCodeFor } from "../../engine/issue.ts";
import { blockDiff } from "../../engine/render/update_expected.ts";
import type { ExecResult } from "../../ops/run/exec.ts";
import { applyUpdate, planUpdate } from "../../ops/run/update.ts";
import type { CliIO } from "../io.ts";
import { printIssues } from "../output.ts";

export async function updateExpected(
  result: ExecResult,
  strictAssertions: boolean,
  io: CliIO,
  toStdout: boolean,
): Promise<number> {
  const say = (text: string) => toStdout ? io.out(text) : io.err(text);
  const paint = toStdout ? io.paint : io.errPaint;
  const { plan, issues } = planUpdate(result, io.ctx);
  if (!plan) {
    printIssues(issues, io);
    return result.record.status === 0 ? result.exitCode : exitCodeFor(issues);
  }
  // The contract now says what the API answered; only strict assertions can still fail the run.
  const strict = strictAssertions || result.collection?.config.strictAssertions === true;
  const afterUpdate = strict && result.record.assertion_results.some((a) => !a.passed)
    ? EXIT.testFailed
    : EXIT.passed;
  if (!plan.changed) {
    say(`${plan.file}: ## Expected response already matches the response; nothing to write`);
    return afterUpdate;
  }
  say(paint.bold(`## Expected response of ${plan.file}:`));
  for (const line of blockDiff(plan.update.before, plan.update.after)) {
    say(line.startsWith("-") ? paint.red(line) : paint.green(line));
  }
  if (io.stdinIsTTY && io.stdoutIsTTY && !io.global.yes) {
    const answer = await io.prompt(`Write this to ${plan.file}? [y/N] `);
    if (!/^y(es)?$/i.test((answer ?? "").trim())) {
      say("Nothing was written.");
      return result.exitCode;
    }
  }
  const problem = await applyUpdate(plan);
  if (problem) {
    printIssues([problem], io);
    return EXIT.engineError;
  }
  const dropped = plan.update.droppedHeaders;
  say(
    `Updated ## Expected response in ${plan.file}${
      dropped.length ? ` (left out headers the response did not carry: ${dropped.join(", ")})` : ""
    }`,
  );
  return afterUpdate;
}
