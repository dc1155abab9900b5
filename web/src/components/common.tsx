/** @jsxImportSource preact */
/// <reference lib="dom" />
/** Small shared pieces: method badges, issue lists, code blocks, the overrides form, toasts. */
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { takeFocusRequest } from "../router.ts";
import type { Issue, VariableReportEntry } from "../types.ts";

/** A message with its `code spans` shown as code (messages quote commands in backticks). */
export function Prose({ text }: { text: string }) {
  const parts = text.split(/`([^`\n]+)`/);
  return <>{parts.map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</>;
}

export function MethodBadge({ method }: { method: string }) {
  return <span class={`method method-${method.toLowerCase()}`}>{method}</span>;
}

export function IssueList(
  { issues, onPick }: { issues: Issue[]; onPick?: (issue: Issue) => void },
) {
  if (issues.length === 0) return null;
  return (
    <ul class="issues" aria-label="Validation issues">
      {issues.map((issue, i) => (
        <li key={i} class={`issue issue-${issue.severity}`}>
          <button
            type="button"
            class="issue-where"
            disabled={!onPick || !issue.line}
            onClick={() => onPick?.(issue)}
          >
            {issue.severity === "error" ? "error" : "warning"}
            {issue.line ? ` · line ${issue.line}` : ""}
          </button>
          <span class="issue-message">
            <Prose text={issue.message} />
          </span>
          {issue.fix && (
            <span class="issue-fix">
              fix: <Prose text={issue.fix} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What a page shows before its data is there: the error, or "Loading…". */
export function PagePlaceholder({ error }: { error?: string }) {
  return error
    ? (
      <div class="page">
        <p class="error-box">{error}</p>
      </div>
    )
    : <div class="page loading">Loading…</div>;
}

/** A row of tabs (`role="tablist"`): each a button, the selected one marked. */
export function Tabs<T extends string | number>(
  { tabs, selected, onSelect, label }: {
    tabs: { id: T; label: ComponentChildren; testid?: string }[];
    selected: T;
    onSelect: (id: T) => void;
    label: string;
  },
) {
  return (
    <div class="tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === selected}
          class={tab.id === selected ? "active" : ""}
          onClick={() => onSelect(tab.id)}
          data-testid={tab.testid}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** A labelled one-line text input. */
export function TextField(
  { label, value, onInput, placeholder, testid, autoFocus }: {
    label: string;
    value: string;
    onInput: (value: string) => void;
    placeholder?: string;
    testid?: string;
    autoFocus?: boolean;
  },
) {
  return (
    <label class="field">
      <span>{label}</span>
      <input
        value={value}
        placeholder={placeholder}
        spellcheck={false}
        autoFocus={autoFocus}
        onInput={(e) => onInput((e.target as HTMLInputElement).value)}
        data-testid={testid}
      />
    </label>
  );
}

/** A page's title: its one h1, focused when a route change led here. */
export function PageTitle(
  { children, testid }: { children: ComponentChildren; testid?: string },
) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocusRequest()) heading.current?.focus();
  }, []);
  return <h1 ref={heading} tabIndex={-1} data-testid={testid}>{children}</h1>;
}

/** Code scrolls sideways inside itself, so it takes focus: keyboard users can scroll it too. */
export function CodeBlock({ text, label }: { text: string; label?: string }) {
  return (
    <pre class="code" aria-label={label ?? "Code"} tabIndex={0}>
      <code>{text}</code>
    </pre>
  );
}

export function Section(
  { title, children, id }: { title: string; children: ComponentChildren; id?: string },
) {
  return (
    <section class="section" id={id}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export function EnvSelect(
  { env, environments, onChange, id = "env" }: {
    env: string;
    environments: string[];
    onChange: (env: string) => void;
    id?: string;
  },
) {
  const names = environments.includes(env) || environments.length === 0
    ? environments
    : [env, ...environments];
  return (
    <label class="field inline" for={id}>
      <span>Environment</span>
      <select id={id} value={env} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        {names.length === 0 && <option value={env}>{env}</option>}
        {names.map((name) => <option key={name} value={name}>{name}</option>)}
      </select>
    </label>
  );
}

/** Variable overrides: a row per variable the spec uses (with its current source), plus free rows. */
export function VarsEditor(
  { report, values, onChange }: {
    report: VariableReportEntry[];
    values: Record<string, string>;
    onChange: (values: Record<string, string>) => void;
  },
) {
  const [extra, setExtra] = useState("");
  const names = [...new Set([...report.map((v) => v.name), ...Object.keys(values)])];
  const set = (name: string, value: string) => {
    const next = { ...values };
    if (value === "") delete next[name];
    else next[name] = value;
    onChange(next);
  };
  return (
    <div class="vars">
      <table>
        <thead>
          <tr>
            <th scope="col">Variable</th>
            <th scope="col">Override</th>
            <th scope="col">Current source</th>
          </tr>
        </thead>
        <tbody>
          {names.map((name) => {
            const entry = report.find((v) => v.name === name);
            return (
              <tr
                key={name}
                class={entry && !entry.resolved && values[name] === undefined ? "missing" : ""}
              >
                <th scope="row">
                  <code>{name}</code>
                </th>
                <td>
                  <OverrideInput
                    name={name}
                    secret={entry?.secret === true}
                    value={values[name] ?? ""}
                    placeholder={entry?.resolved ? "(as resolved)" : "required"}
                    onInput={(value) => set(name, value)}
                  />
                </td>
                <td class="muted">
                  {values[name] !== undefined
                    ? "override"
                    : entry?.resolved
                    ? entry.source
                    : "not defined"}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <form
        class="add-var"
        onSubmit={(e) => {
          e.preventDefault();
          const name = extra.trim();
          if (/^[A-Za-z_][\w.-]*$/.test(name)) {
            onChange({ ...values, [name]: values[name] ?? "" });
            setExtra("");
          }
        }}
      >
        <input
          aria-label="New variable name"
          placeholder="add variable…"
          value={extra}
          onInput={(e) => setExtra((e.target as HTMLInputElement).value)}
        />
        <button type="submit" class="ghost">Add</button>
      </form>
    </div>
  );
}

/** An override's field; a credential's (a client secret, a password) is typed unseen. */
function OverrideInput(
  { name, secret, value, placeholder, onInput }: {
    name: string;
    secret: boolean;
    value: string;
    placeholder: string;
    onInput: (value: string) => void;
  },
) {
  const props = {
    "aria-label": `Override ${name}`,
    value,
    placeholder,
    onInput: (e: Event) => onInput((e.target as HTMLInputElement).value),
  };
  return secret ? <input type="password" autocomplete="off" {...props} /> : <input {...props} />;
}

export interface Toast {
  id: number;
  text: string;
  kind: "ok" | "error" | "info";
}

let pushToast: ((toast: Omit<Toast, "id">) => void) | undefined;
export function toast(text: string, kind: Toast["kind"] = "info"): void {
  pushToast?.({ text, kind });
}

export function Toasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    let next = 1;
    pushToast = (t) => {
      const id = next++;
      setToasts((list) => [...list, { ...t, id }]);
      setTimeout(() => setToasts((list) => list.filter((x) => x.id !== id)), 4000);
    };
    return () => (pushToast = undefined);
  }, []);
  return (
    <div class="toasts" role="status" aria-live="polite">
      {toasts.map((t) => <div key={t.id} class={`toast toast-${t.kind}`}>{t.text}</div>)}
    </div>
  );
}

export function Kbd({ children }: { children: ComponentChildren }) {
  return <kbd>{children}</kbd>;
}

/**
 * Page shortcuts with Ctrl or ⌘: keys are `Enter`, `s`, `e`, ... Each handler
 * replaces the browser's default (Ctrl+S saving the page, for one).
 */
export function useModShortcuts(handlers: Record<string, () => void>, deps: unknown[]): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Already handled (the editor's own Mod-S, say): never act twice.
      if (event.defaultPrevented || !(event.ctrlKey || event.metaKey)) return;
      const handler = handlers[event.key.length === 1 ? event.key.toLowerCase() : event.key];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, deps);
}

/** "Ctrl" or "⌘", for shortcut hints. */
export const MOD = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform)
  ? "⌘"
  : "Ctrl";
