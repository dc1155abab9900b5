/// <reference lib="dom" />
/**
 * CodeMirror 6 set up as the markdown editor: markdown highlighting, the
 * server validator's issues as inline diagnostics, Mod-S to save, colours
 * from the page's CSS variables (light and dark themes). Built as its own
 * bundle (`/assets/editor.js`, web/build.ts) and loaded the first time an
 * editor opens: CodeMirror is three quarters of the UI's code, and the first
 * screen never needs it. It imports no preact, so the two bundles share no
 * module state.
 */
import { basicSetup } from "codemirror";
import { EditorView, keymap } from "@codemirror/view";
import { EditorState } from "@codemirror/state";
import { markdown } from "@codemirror/lang-markdown";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { type Diagnostic, lintGutter, setDiagnostics } from "@codemirror/lint";
import { tags } from "@lezer/highlight";
import type { Issue } from "./types.ts";

const highlight = HighlightStyle.define([
  { tag: tags.heading, color: "var(--accent)", fontWeight: "700" },
  { tag: tags.strong, fontWeight: "700" },
  { tag: tags.emphasis, fontStyle: "italic" },
  { tag: [tags.monospace, tags.string], color: "var(--code-string)" },
  { tag: [tags.link, tags.url], color: "var(--link)" },
  { tag: [tags.meta, tags.processingInstruction, tags.contentSeparator], color: "var(--muted)" },
  { tag: tags.list, color: "var(--accent-2)" },
  { tag: tags.quote, color: "var(--muted)", fontStyle: "italic" },
]);

const theme = EditorView.theme({
  "&": {
    backgroundColor: "var(--surface)",
    color: "var(--text)",
    fontSize: "13px",
    height: "100%",
  },
  ".cm-content": { fontFamily: "var(--mono)", caretColor: "var(--text)" },
  ".cm-gutters": {
    backgroundColor: "var(--surface-2)",
    color: "var(--muted)",
    borderRight: "1px solid var(--border)",
  },
  ".cm-activeLine": { backgroundColor: "var(--active-line)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--active-line)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": {
    backgroundColor: "var(--selection) !important",
  },
  "&.cm-focused": { outline: "2px solid var(--focus)", outlineOffset: "-2px" },
  ".cm-scroller": { overflow: "auto" },
});

/** Issues with a line become diagnostics on that line; the rest stay in the list below the editor. */
function diagnosticsFor(state: EditorState, issues: Issue[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const issue of issues) {
    if (!issue.line || issue.line > state.doc.lines) continue;
    const line = state.doc.line(issue.line);
    out.push({
      from: line.from,
      to: Math.max(line.from, line.to),
      severity: issue.severity === "error" ? "error" : "warning",
      message: issue.fix ? `${issue.message}\nfix: ${issue.fix}` : issue.message,
      source: issue.code,
    });
  }
  return out;
}

export interface MountedEditor {
  focus(): void;
  focusLine(line: number): void;
  setIssues(issues: Issue[]): void;
  destroy(): void;
}

/** An editor of `doc` inside `parent`; typing flows out through `onChange` only. */
export function mountEditor(
  parent: HTMLElement,
  { doc, onChange, onSave }: {
    doc: string;
    onChange: (text: string) => void;
    onSave: () => void;
  },
): MountedEditor {
  const editor = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        keymap.of([{ key: "Mod-s", preventDefault: true, run: () => (onSave(), true) }]),
        basicSetup,
        markdown(),
        syntaxHighlighting(highlight),
        lintGutter(),
        theme,
        EditorView.lineWrapping,
        // An explicit tabindex on the (already focusable) text tells checkers that the
        // scrolling region around it can be reached by keyboard.
        EditorView.contentAttributes.of({ "aria-label": "Markdown source", tabindex: "0" }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    focus: () => editor.focus(),
    focusLine(line) {
      if (line < 1 || line > editor.state.doc.lines) return;
      const at = editor.state.doc.line(line).from;
      editor.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      editor.focus();
    },
    setIssues: (issues) =>
      editor.dispatch(setDiagnostics(editor.state, diagnosticsFor(editor.state, issues))),
    destroy: () => editor.destroy(),
  };
}
