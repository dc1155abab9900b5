/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * One endpoint: the rendered spec with Send (environment + overrides) and
 * the result, or the markdown editor with inline validation. Reloads when
 * the file changes on disk, unless there are unsaved edits.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { api, ApiFailure } from "../api.ts";
import { subscribe } from "../live.ts";
import { renderMarkdown } from "../markdown.ts";
import { hrefFor, navigate, setLeaveGuard } from "../router.ts";
import { runAllResult } from "../results.ts";
import type {
  Issue,
  RunAllItem,
  RunResponse,
  SpecResponse,
  VariableReportEntry,
} from "../types.ts";
import {
  EnvSelect,
  IssueList,
  Kbd,
  MethodBadge,
  MOD,
  PagePlaceholder,
  PageTitle,
  Section,
  toast,
  useModShortcuts,
  VarsEditor,
} from "./common.tsx";
import { Editor, type EditorHandle, preloadEditor } from "./editor.tsx";
import { FileButtons } from "./file_dialogs.tsx";
import { ResultView } from "./result_view.tsx";
import { HistoryView } from "./history_view.tsx";
import { SpecSections } from "./spec_sections.tsx";

/** A Run all result in the shape Send answers with, for the result view. */
function runAllResponse(file: string, env: string, item: RunAllItem): RunResponse {
  return {
    file,
    env,
    mock: false,
    record: item.record!,
    issues: [],
    variables: [],
    exit_code: item.passed ? 0 : 1,
  };
}

export function SpecPage(
  { file, view, env, environments, onEnv, mock }: {
    file: string;
    /** `history` shows the History tab (`?view=history`); `edit` opens the editor (a new draft). */
    view?: "history" | "edit";
    env: string;
    environments: string[];
    onEnv: (env: string) => void;
    mock: boolean;
  },
) {
  const [data, setData] = useState<SpecResponse>();
  const [error, setError] = useState<string>();
  const [mode, setMode] = useState<"view" | "edit">("view");
  const [draft, setDraft] = useState("");
  const [draftIssues, setDraftIssues] = useState<Issue[]>([]);
  const [saving, setSaving] = useState(false);
  /** Bumped when the text is replaced from outside the editor, which then remounts. */
  const [editorKey, setEditorKey] = useState(0);
  const [run, setRun] = useState<RunResponse>();
  /** Set when the result shown came from the last Run all rather than Send. */
  const [fromRunAll, setFromRunAll] = useState(false);
  const [running, setRunning] = useState(false);
  const [vars, setVars] = useState<Record<string, string>>({});
  const [report, setReport] = useState<VariableReportEntry[]>([]);
  const editor = useRef<EditorHandle | undefined>(undefined);
  const draftRef = useRef("");
  draftRef.current = draft;
  const dirty = data !== undefined && draft !== data.text;

  const load = useCallback(async (keepDraft = false) => {
    try {
      const next = await api.spec(file);
      setData(next);
      setError(undefined);
      if (!keepDraft) {
        // Remount the editor only when the text really changed (a save keeps cursor and history).
        if (next.text !== draftRef.current) setEditorKey((k) => k + 1);
        setDraft(next.text);
        setDraftIssues(next.issues);
      }
    } catch (e) {
      setError((e as Error).message);
    }
  }, [file]);

  useEffect(() => {
    setData(undefined);
    // Opened from Run all: show that run's result, diff included, until the next Send.
    const item = runAllResult(file);
    setRun(item?.record ? runAllResponse(file, env, item) : undefined);
    setFromRunAll(!!item?.record);
    setVars({});
    setMode(view === "edit" ? "edit" : "view");
    load();
  }, [file]);

  // The editor's code, fetched while the spec is read: Ctrl+E then opens it at once.
  useEffect(preloadEditor, []);

  useEffect(() => {
    api.vars(file, env).then((r) => setReport(r.variables)).catch(() => setReport([]));
  }, [file, env, data?.text]);

  // Live reload: the file changed on disk. Unsaved edits win; the rest follows the disk.
  const dirtyRef = useRef(false);
  dirtyRef.current = dirty;
  useEffect(() =>
    subscribe((event) => {
      if (event.type === "change" && event.paths.includes(file)) load(dirtyRef.current);
    }), [file, load]);

  useEffect(() => {
    setLeaveGuard(dirty ? () => confirm("Discard unsaved changes?") : undefined);
    return () => setLeaveGuard(undefined);
  }, [dirty]);

  // Validate the draft as it is typed (debounced); nothing is written.
  useEffect(() => {
    if (!data || draft === data.text) {
      if (data) setDraftIssues(data.issues);
      return;
    }
    const timer = setTimeout(() => {
      api.validate(file, draft).then((r) => setDraftIssues(r.issues)).catch(() => {});
    }, 250);
    return () => clearTimeout(timer);
  }, [draft, data]);

  const save = useCallback(async () => {
    if (saving) return;
    setSaving(true);
    try {
      const result = await api.saveSpec(file, draft);
      toast(`Saved ${result.file}`, "ok");
      await load();
    } catch (e) {
      if (e instanceof ApiFailure && e.issues.length) setDraftIssues(e.issues);
      toast(e instanceof ApiFailure ? `${e.message}. ${e.fix}` : String(e), "error");
    } finally {
      setSaving(false);
    }
  }, [file, draft, saving]);

  const send = useCallback(async () => {
    if (running) return;
    setRunning(true);
    try {
      setRun(await api.run(file, env, vars));
      setFromRunAll(false);
    } catch (e) {
      toast(e instanceof ApiFailure ? `${e.message}. ${e.fix}` : String(e), "error");
    } finally {
      setRunning(false);
    }
  }, [file, env, vars, running]);

  /** Set by Ctrl+E: the editor takes focus when it opens; back in view, the title does. */
  const focusNext = useRef(false);
  useModShortcuts({
    Enter: send,
    s: () => mode === "edit" && save(),
    e: () => {
      focusNext.current = true;
      if (view === "history") navigate(hrefFor({ name: "spec", file }));
      setMode(mode === "edit" && view !== "history" ? "view" : "edit");
    },
  }, [send, save, mode, view]);
  useEffect(() => {
    if (!focusNext.current || mode !== "view") return;
    focusNext.current = false;
    document.querySelector<HTMLElement>("main h1")?.focus();
  }, [mode]);

  if (error || !data) return <PagePlaceholder error={error} />;
  const spec = data.spec;
  const history = view === "history";
  // Leaving the History tab goes back to the spec's own address.
  const show = (next: "view" | "edit") => {
    if (history) navigate(hrefFor({ name: "spec", file }));
    setMode(next);
  };
  return (
    <div class="page spec-page">
      <header class="page-head">
        <div class="title-line">
          {spec && <MethodBadge method={spec.method} />}
          <PageTitle testid="spec-title">{spec?.title ?? file}</PageTitle>
        </div>
        <div class="subtitle">
          {spec && <code class="path">{spec.path}</code>}
          <span class="muted file">{file}</span>
          {spec?.tags.map((t) => <span key={t} class="tag">{t}</span>)}
        </div>
        <FileButtons file={file} />
        <div class="mode-switch" role="tablist" aria-label="View, edit or history">
          <button
            type="button"
            role="tab"
            aria-selected={!history && mode === "view"}
            class={!history && mode === "view" ? "active" : ""}
            onClick={() => show("view")}
          >
            View
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={!history && mode === "edit"}
            class={!history && mode === "edit" ? "active" : ""}
            onClick={() => show("edit")}
          >
            Edit{dirty ? " •" : ""}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={history}
            class={history ? "active" : ""}
            onClick={() => navigate(hrefFor({ name: "spec", file, view: "history" }))}
            data-testid="history-tab"
          >
            History
          </button>
        </div>
      </header>
      {history ? <HistoryView file={file} /> : mode === "edit"
        ? (
          <div class="edit-pane">
            <div class="toolbar">
              <button type="button" class="primary" onClick={save} disabled={saving || !dirty}>
                {saving ? "Saving…" : "Save"} <Kbd>{MOD}+S</Kbd>
              </button>
              <button
                type="button"
                class="ghost"
                onClick={() => {
                  setDraft(data.text);
                  setEditorKey((k) => k + 1);
                }}
                disabled={!dirty}
              >
                Revert
              </button>
              <span class="muted">
                {draftIssues.filter((i) => i.severity === "error").length}{" "}
                error(s), validated as you type
              </span>
            </div>
            <Editor
              key={editorKey}
              autoFocus={focusNext.current}
              onFocused={() => (focusNext.current = false)}
              value={draft}
              issues={draftIssues}
              onChange={setDraft}
              onSave={save}
              handle={(h) => (editor.current = h)}
            />
            <IssueList issues={draftIssues} onPick={(i) => editor.current?.focusLine(i.line!)} />
          </div>
        )
        : (
          <div class="view-pane">
            {!spec && <IssueList issues={data.issues} />}
            {spec?.description && (
              <div
                class="prose description"
                dangerouslySetInnerHTML={{ __html: renderMarkdown(spec.description) }}
              />
            )}
            {spec && (
              <section class="run-panel" aria-labelledby="send-heading">
                <h2 id="send-heading" class="visually-hidden">Send and result</h2>
                <div class="run-bar">
                  <EnvSelect env={env} environments={environments} onChange={onEnv} />
                  <button
                    type="button"
                    class="primary send"
                    onClick={send}
                    disabled={running}
                    data-testid="send"
                  >
                    {running ? "Sending…" : mock ? "Send (mock)" : "Send"} <Kbd>{MOD}+Enter</Kbd>
                  </button>
                </div>
                <details class="overrides" open={report.some((v) => !v.resolved)}>
                  <summary>
                    Variables{Object.keys(vars).length
                      ? ` (${Object.keys(vars).length} overridden)`
                      : ""}
                  </summary>
                  <VarsEditor report={report} values={vars} onChange={setVars} />
                </details>
                {run && fromRunAll && (
                  <p class="muted from-run-all" data-testid="from-run-all">
                    Result of the last Run all; Send runs it again.
                  </p>
                )}
                {run && (
                  <ResultView
                    record={run.record}
                    issues={run.issues}
                    mock={run.mock}
                    updateId={run.update_id}
                    documented={{
                      body: spec.expected.body,
                      match: spec.match,
                      ignore: spec.ignore,
                    }}
                    acceptNote={fromRunAll
                      ? "To make this response the expected one, Send it, then accept it."
                      : undefined}
                  />
                )}
              </section>
            )}
            {spec && <SpecSections spec={spec} />}
            {spec && data.issues.length > 0 && (
              <Section title="Validation">
                <IssueList issues={data.issues} />
              </Section>
            )}
          </div>
        )}
    </div>
  );
}
