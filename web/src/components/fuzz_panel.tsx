/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * "Fuzz" in the Coverage view: starts `apispec fuzz` on the environment the
 * UI uses (`POST /api/fuzz`), shows its progress, then each failure with the
 * endpoint file that reproduces it. Fuzzing sends generated writes: the
 * panel says so, and the server refuses production.
 */
import { useState } from "preact/hooks";
import { ApiFailure, fuzz, type FuzzMessage } from "../api.ts";
import { hrefFor, linkClick } from "../router.ts";
import { IssueList, MethodBadge } from "./common.tsx";

type Done = Extract<FuzzMessage, { type: "done" }>;

export function FuzzPanel({ openapi }: { openapi?: string }) {
  const [stateful, setStateful] = useState(false);
  const [running, setRunning] = useState<{ done: number; total: number; seed?: number }>();
  const [result, setResult] = useState<Done>();
  const [error, setError] = useState<string>();
  const start = async () => {
    setResult(undefined);
    setError(undefined);
    setRunning({ done: 0, total: 0 });
    try {
      await fuzz({ stateful, ...(openapi ? { openapi } : {}) }, (message) => {
        if (message.type === "start") {
          setRunning({ done: 0, total: message.operations, seed: message.seed });
        } else if (message.type === "operation") {
          setRunning((now) => now && { ...now, done: now.done + 1 });
        } else if (message.type === "done") setResult(message);
        else if (message.type === "error") setError(message.error.message);
      });
    } catch (e) {
      setError(e instanceof ApiFailure ? `${e.message}. ${e.fix}` : String(e));
    }
    setRunning(undefined);
  };
  return (
    <section class="section fuzz-panel" data-testid="fuzz-panel">
      <h3>Fuzz</h3>
      <p class="muted">
        Sends requests generated from the OpenAPI document, valid and invalid ones, writes included:
        for a test environment only. Each failure becomes an endpoint file under{" "}
        <code>api-docs/fuzz/</code> that reproduces it.
      </p>
      <label class="field inline">
        <input
          type="checkbox"
          checked={stateful}
          onChange={(e) => setStateful((e.target as HTMLInputElement).checked)}
        />
        <span>Follow links and flows (stateful)</span>
      </label>
      <button
        type="button"
        class="primary"
        disabled={running !== undefined}
        onClick={start}
        data-testid="fuzz-start"
      >
        {running ? `Fuzzing… ${running.done}/${running.total || "?"}` : "Fuzz the API"}
      </button>
      {error && <p class="error-box" data-testid="fuzz-error">{error}</p>}
      {result && (
        <div data-testid="fuzz-result">
          <p>
            {result.summary.operations} operation(s), {result.summary.requests} request(s),{" "}
            {result.failures.length} failure(s). Seed {result.summary.seed}.
          </p>
          <IssueList issues={result.issues} />
          <ul class="uncovered-list">
            {result.failures.map((failure) => {
              const href = failure.file ? hrefFor({ name: "spec", file: failure.file }) : undefined;
              return (
                <li key={`${failure.method} ${failure.path} ${failure.check} ${failure.file}`}>
                  <MethodBadge method={failure.method} />
                  <code class="path">{failure.path}</code>
                  <span>{failure.check}: {failure.message}</span>
                  {href && (
                    <a
                      href={href}
                      onClick={(e) => linkClick(e, href)}
                      data-testid="fuzz-file"
                    >
                      {failure.file}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
