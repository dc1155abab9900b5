/**
 * A separate process that appends to one spec's history, for the concurrency
 * test: `deno run -A _writer.ts <project> <writer id> <count> <start file>`.
 * Waits for the start file so both writers begin together.
 */
import { appendHistory } from "../../src/ops/run/history.ts";

const [project, id, count, startFile] = Deno.args;
const place = { root: `${project}/api-docs`, projectRoot: project };
const spec = `${project}/api-docs/apis/users/get-user.md`;
while (true) {
  try {
    Deno.statSync(startFile);
    break;
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
for (let seq = 0; seq < Number(count); seq++) {
  const problem = appendHistory(place, [{
    specPath: spec,
    entry: {
      timestamp: new Date().toISOString(),
      passed: seq % 2 === 0,
      status: 200 + Number(id),
      duration_ms: seq,
      error_type: seq % 2 === 0 ? null : "CONTRACT_MISMATCH",
    },
  }]);
  if (problem) throw new Error(problem.message);
  // Let the other writer in between appends.
  if (seq % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
}
