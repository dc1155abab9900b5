/** Console rendering of a diagnosis: the verdict, cause, next action, where to look, commands, differences. */
import type { Diagnosis } from "../diagnose/diagnose.ts";
import { type Paint, PLAIN } from "./paint.ts";

export function renderDiagnosis(diagnosis: Diagnosis, paint: Paint = PLAIN): string {
  const label = (text: string) => paint.bold(text.padEnd(13));
  const verdict = diagnosis.passed ? paint.green("passed") : paint.red("failed");
  const lines = [
    `${label("passed")}${verdict}`,
    `${label("status")}${diagnosis.status || "—"}`,
    `${label("error_type")}${diagnosis.error_type ? paint.red(diagnosis.error_type) : "—"}`,
    `${label("summary")}${diagnosis.summary}`,
    `${label("likely_cause")}${diagnosis.likely_cause}`,
    `${label("next_action")}${paint.cyan(diagnosis.next_action)}`,
  ];
  const list = (name: string, items: string[]) => {
    if (items.length === 0) return;
    lines.push(paint.bold(name));
    for (const item of items) lines.push(`  ${item}`);
  };
  list("inspect", diagnosis.inspect);
  list("verify", diagnosis.verify.map((command) => `$ ${command}`));
  const diff = diagnosis.diff;
  const differences = [
    ...(diff.status ? [`status   ${diff.status}`] : []),
    ...diff.headers.map((h) => `header   ${h}`),
    ...(diff.body ? diff.body.split("\n").map((l) => `body     ${l}`) : []),
    ...diff.assertions.map((a) => `assert   ${a}`),
  ];
  list("diff", differences.map((d) => paint.red(d)));
  return lines.join("\n");
}
