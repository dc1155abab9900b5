/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The markdown editor (CodeMirror, set up in ../codemirror.ts). CodeMirror
 * comes as its own bundle, fetched the first time an editor opens, so the
 * first screen loads and parses a quarter of the code.
 */
import { useEffect, useRef } from "preact/hooks";
import type { Issue } from "../types.ts";
import type { MountedEditor } from "../codemirror.ts";

type EditorModule = typeof import("../codemirror.ts");

let editorModule: Promise<EditorModule> | undefined;

/** `/assets/editor.js` with this bundle's version (`/assets/app.js?v=<hash>`: cached for good). */
function loadEditorModule(): Promise<EditorModule> {
  if (!editorModule) {
    const url = new URL("./editor.js", import.meta.url);
    url.search = new URL(import.meta.url).search;
    editorModule = import(url.href) as Promise<EditorModule>;
    // A failed fetch (server gone) is tried again the next time an editor opens.
    editorModule.catch(() => editorModule = undefined);
  }
  return editorModule;
}

/** Starts fetching the editor's code ahead of need (the first page of a spec asks). */
export function preloadEditor(): void {
  loadEditorModule().catch(() => {});
}

export interface EditorHandle {
  focusLine(line: number): void;
}

/**
 * `value` is read when the editor mounts; typing flows out through
 * `onChange` only. A parent that replaces the text (reload from disk,
 * revert) remounts the editor with a new `key`, so a render that lags
 * behind fast typing can never write stale text back into the document.
 */
export function Editor(
  { value, issues, onChange, onSave, handle, autoFocus, onFocused }: {
    value: string;
    issues: Issue[];
    onChange: (text: string) => void;
    onSave: () => void;
    handle?: (h: EditorHandle) => void;
    /** Take focus once mounted (opened with Ctrl+E). */
    autoFocus?: boolean;
    onFocused?: () => void;
  },
) {
  const host = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedEditor | undefined>(undefined);
  const callbacks = useRef({ onChange, onSave });
  callbacks.current = { onChange, onSave };
  const latestIssues = useRef(issues);
  latestIssues.current = issues;

  useEffect(() => {
    let gone = false;
    loadEditorModule().then(({ mountEditor }) => {
      if (gone || !host.current) return;
      const editor = mountEditor(host.current, {
        doc: value,
        onChange: (text) => callbacks.current.onChange(text),
        onSave: () => callbacks.current.onSave(),
      });
      mounted.current = editor;
      editor.setIssues(latestIssues.current);
      if (autoFocus) {
        editor.focus();
        onFocused?.();
      }
      handle?.({ focusLine: (line) => editor.focusLine(line) });
    }).catch(() => {});
    return () => {
      gone = true;
      mounted.current?.destroy();
      mounted.current = undefined;
    };
  }, []);

  useEffect(() => {
    mounted.current?.setIssues(issues);
  }, [issues]);

  return <div class="editor" ref={host} data-testid="editor" />;
}
