/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * Coverage (`/coverage`): the object `apispec coverage` prints, read at a
 * glance: a summary bar, the endpoint files as a table, and, with an OpenAPI
 * document (the one project.md names, or one typed here), the operations no
 * passing spec covers, each with "Draft spec" when no file documents it yet.
 * It reloads when any process runs a spec or a file changes.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { api, ApiFailure } from "../api.ts";
import { subscribe } from "../live.ts";
import { hrefFor, linkClick, navigate } from "../router.ts";
import type { CoverageResponse } from "../types.ts";
import { IssueList, MethodBadge, PagePlaceholder, PageTitle, toast } from "./common.tsx";
import { CoverageSummary } from "./coverage_summary.tsx";
import { CoverageTable } from "./coverage_table.tsx";
import { FuzzPanel } from "./fuzz_panel.tsx";
import "./coverage.css";

/** Runs arrive in bursts (Run all); one reload per burst is enough. */
const RELOAD_DELAY_MS = 250;

function useCoverage(openapi: string | undefined) {
  const [data, setData] = useState<CoverageResponse>();
  const [error, setError] = useState<string>();
  const asked = useRef(0);
  const load = useCallback(async () => {
    const ticket = ++asked.current;
    try {
      const next = await api.coverage(openapi);
      // An older answer arriving late must not replace a newer one.
      if (ticket !== asked.current) return;
      setData(next);
      setError(undefined);
    } catch (e) {
      if (ticket === asked.current) setError((e as Error).message);
    }
  }, [openapi]);
  useEffect(() => {
    setData(undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // One reload at a time: runs landing meanwhile ask for one more after it, not one each.
    let loading = false;
    let again = false;
    // Once this document is left, a load still in flight must not schedule another for it.
    let left = false;
    const reload = async () => {
      if (loading) {
        again = true;
        return;
      }
      loading = true;
      await load();
      loading = false;
      if (again) {
        again = false;
        later();
      }
    };
    const later = () => {
      if (left) return;
      timer ??= setTimeout(() => {
        timer = undefined;
        reload();
      }, RELOAD_DELAY_MS);
    };
    reload();
    let offline = false;
    const stop = subscribe((event) => {
      if (event.type === "history" || event.type === "change" || event.type === "workspace") {
        later();
      } else if (event.type === "status") {
        // Back after a disconnect: runs may have landed meanwhile.
        if (event.connected && offline) later();
        offline = !event.connected;
      }
    });
    return () => {
      left = true;
      stop();
      clearTimeout(timer);
    };
  }, [openapi]);
  return { data, error };
}

function DocumentForm({ openapi, data }: { openapi?: string; data: CoverageResponse }) {
  const [text, setText] = useState(openapi ?? data.openapi?.path ?? "");
  useEffect(() => setText(openapi ?? data.openapi?.path ?? ""), [openapi, data.openapi?.path]);
  const doc = data.openapi;
  return (
    <form
      class="coverage-doc"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(hrefFor({ name: "coverage", openapi: text.trim() }));
      }}
    >
      <label class="field inline" for="coverage-openapi">
        <span>OpenAPI document</span>
        <input
          id="coverage-openapi"
          value={text}
          placeholder="openapi.yaml"
          spellcheck={false}
          onInput={(e) => setText((e.target as HTMLInputElement).value)}
          data-testid="coverage-openapi"
        />
      </label>
      <button type="submit" data-testid="coverage-openapi-use">Use</button>
      {openapi !== undefined && (
        <a href="/coverage" onClick={(e) => linkClick(e, "/coverage")}>project.md's document</a>
      )}
      {openapi && doc?.source === "given" && !doc.error && (
        <button
          type="button"
          class="ghost"
          data-testid="coverage-openapi-save"
          onClick={async () => {
            try {
              const saved = await api.saveOpenApi(openapi);
              toast(`${saved.file} now names openapi: ${saved.openapi}`, "ok");
              navigate(hrefFor({ name: "coverage" }));
            } catch (e) {
              toast(e instanceof ApiFailure ? `${e.message}. ${e.fix}` : String(e), "error");
            }
          }}
        >
          Save to project.md
        </button>
      )}
      <p class="muted doc-note" data-testid="coverage-document">
        {doc?.path
          ? `${doc.source === "project" ? "Named in project.md" : "Given here"}: ${doc.path}` +
            " (a path from the project folder; read only)"
          : "No OpenAPI document. Name one here, or set `openapi: ../openapi.yaml` in " +
            "project.md, to see which operations have no passing spec."}
        {doc?.converted ? ` ${doc.converted}.` : ""}
      </p>
    </form>
  );
}

function Uncovered({ data, openapi }: { data: CoverageResponse; openapi?: string }) {
  const [drafting, setDrafting] = useState<string>();
  const operations = data.report.operations!;
  const draft = async (op: { method: string; path: string }) => {
    setDrafting(`${op.method} ${op.path}`);
    try {
      const made = await api.draftSpec(op, openapi);
      const hidden = made.secrets.length
        ? ` (${made.secrets.map((s) => `{{${s.variable}}}`).join(", ")} instead of credentials)`
        : "";
      const index = made.index ? ` and rewrote ${made.index} (the collection's index)` : "";
      toast(`Drafted ${made.file}${hidden}${index}`, "ok");
      navigate(hrefFor({ name: "spec", file: made.file, view: "edit" }));
    } catch (e) {
      toast(e instanceof ApiFailure ? `${e.message}. ${e.fix}` : String(e), "error");
      setDrafting(undefined);
    }
  };
  return (
    <section class="section uncovered" data-testid="uncovered">
      <h2>
        Uncovered operations{" "}
        <span class="muted">({operations.uncovered.length} of {operations.total})</span>
      </h2>
      {data.uncovered.length === 0
        ? <p class="muted">A passing spec covers every operation of the document.</p>
        : (
          <p class="muted">
            No passing spec covers these. Draft a spec for an operation without a file (the
            importer's conversion, opened in the editor;{" "}
            <code>api-docs/README.md</code>, the collection's index, is rewritten to list it); one
            that has a file needs a passing run.
          </p>
        )}
      <ul class="uncovered-list">
        {data.uncovered.map((op) => {
          const key = `${op.method} ${op.path}`;
          return (
            <li key={key} data-testid="uncovered-op" data-path={op.path}>
              <MethodBadge method={op.method} />
              <code class="path">{op.path}</code>
              <span class="uncovered-action">
                {op.files.length === 0
                  ? (
                    <button
                      type="button"
                      class="primary"
                      disabled={drafting !== undefined}
                      onClick={() => draft(op)}
                      data-testid="draft-spec"
                    >
                      {drafting === key ? "Drafting…" : "Draft spec"}
                    </button>
                  )
                  : op.files.map((file) => {
                    const href = hrefFor({ name: "spec", file });
                    return <a key={file} href={href} onClick={(e) => linkClick(e, href)}>{file}</a>;
                  })}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function CoveragePage({ openapi }: { openapi?: string }) {
  const { data, error } = useCoverage(openapi);
  if (!data) return <PagePlaceholder error={error} />;
  return (
    <div class="page coverage-page" data-testid="coverage-page">
      <header class="page-head">
        <PageTitle>Coverage</PageTitle>
        <p class="muted">
          What each endpoint file documents and how its last run went, as{" "}
          <code>apispec coverage</code>{" "}
          reports it. Runs from anywhere (Send, Run all, the CLI, agents) update it as they land.
        </p>
      </header>
      <DocumentForm openapi={openapi} data={data} />
      {data.openapi?.error && (
        <div class="error-box" data-testid="coverage-openapi-error">
          {data.openapi.error.message}
          {data.openapi.error.fix && <div class="fix">{data.openapi.error.fix}</div>}
        </div>
      )}
      <CoverageSummary report={data.report} />
      {error && <p class="error-box">{error}</p>}
      <IssueList issues={data.issues} />
      <CoverageTable endpoints={data.report.endpoints} />
      {data.report.operations && <Uncovered data={data} openapi={openapi} />}
      {data.report.operations && <FuzzPanel openapi={openapi} />}
    </div>
  );
}
