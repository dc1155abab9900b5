/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The environment editor: `_shared/env.template.md` (committed) and
 * `_shared/env.md` (this machine only), one card per environment. Secret-
 * named values are shown masked and left as they are unless retyped; a save
 * goes through the write token and is refused when the value looks like a
 * credential, which belongs in `.env.local`.
 */
import { useCallback, useEffect, useState } from "preact/hooks";
import { api, ApiFailure } from "../api.ts";
import { subscribe } from "../live.ts";
import type { EnvFilesResponse, EnvFileView, EnvVariableView, IgnoreStatus } from "../types.ts";
import { PagePlaceholder, PageTitle, Tabs, toast } from "./common.tsx";
import { AuthTokens } from "./auth_tokens.tsx";

interface Row {
  name: string;
  value: string;
  secret: boolean;
  /** Not yet in the file. */
  added?: boolean;
}

function EnvCard(
  { file, env, variables, inherited, onSaved }: {
    file: EnvFileView;
    env: string;
    variables: EnvVariableView[];
    /** For env.md: the template's variables of this environment, which it can override. */
    inherited?: EnvVariableView[];
    onSaved: () => void;
  },
) {
  const [rows, setRows] = useState<Row[]>(variables.map((v) => ({ ...v })));
  const [removed, setRemoved] = useState<string[]>([]);
  const [error, setError] = useState<{ message: string; fix: string }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setRows(variables.map((v) => ({ ...v })));
    setRemoved([]);
  }, [variables]);
  const original = new Map(variables.map((v) => [v.name, v.value]));
  const changed = rows.filter((r) => r.name.trim() && original.get(r.name) !== r.value);
  const dirty = changed.length > 0 || removed.length > 0;
  const set = (index: number, patch: Partial<Row>) =>
    setRows(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const overridable = (inherited ?? []).filter((v) => !rows.some((r) => r.name === v.name));

  const save = async () => {
    setSaving(true);
    setError(undefined);
    try {
      await api.saveEnv(
        file.file,
        env,
        Object.fromEntries(changed.map((r) => [r.name.trim(), r.value])),
        removed,
      );
      toast(`Saved ${env} in ${file.file}`, "ok");
      onSaved();
    } catch (e) {
      if (e instanceof ApiFailure) setError({ message: e.message, fix: e.fix });
      else setError({ message: String(e), fix: "" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section class="env-card" data-testid="env-card" data-file={file.file} data-env={env}>
      <h2>{env}</h2>
      {inherited && rows.length === 0 && (
        <p class="muted" data-testid="env-no-overrides">
          No overrides: every value of {env} comes from env.template.md. Override one below.
        </p>
      )}
      <div class="table-scroll" tabIndex={0} role="region" aria-label={`Variables of ${env}`}>
        <table class="env-vars">
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                <th scope="row">
                  {row.added
                    ? (
                      <input
                        aria-label="Variable name"
                        placeholder="name"
                        value={row.name}
                        onInput={(e) => set(i, { name: (e.target as HTMLInputElement).value })}
                      />
                    )
                    : <code>{row.name}</code>}
                </th>
                <td>
                  <input
                    aria-label={`Value of ${row.name || "the new variable"} in ${env}`}
                    value={row.value}
                    placeholder={row.secret
                      ? "secret: use .env.local"
                      : inherited?.find((v) => v.name === row.name)?.value ?? ""}
                    onInput={(e) => set(i, { value: (e.target as HTMLInputElement).value })}
                  />
                </td>
                <td class="env-actions">
                  {row.secret && (
                    <span class="tag" title="Masked: the name says secret">secret</span>
                  )}
                  <button
                    type="button"
                    class="icon danger"
                    aria-label={`Remove ${row.name || "the new variable"}`}
                    onClick={() => {
                      if (!row.added) setRemoved([...removed, row.name]);
                      setRows(rows.filter((_, j) => j !== i));
                    }}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && (
        <div class="error-box" role="alert" data-testid="env-error">
          <strong>{error.message}</strong>
          {error.fix && <div class="fix">{error.fix}</div>}
        </div>
      )}
      <div class="toolbar">
        <button
          type="button"
          class="ghost"
          onClick={() => setRows([...rows, { name: "", value: "", secret: false, added: true }])}
          data-testid="env-add"
        >
          + Variable
        </button>
        {overridable.length > 0 && (
          <select
            aria-label={`Override a variable of ${env} from the template`}
            value=""
            data-testid="env-override"
            onChange={(e) => {
              const name = (e.target as HTMLSelectElement).value;
              const from = overridable.find((v) => v.name === name);
              if (from) {
                setRows([...rows, {
                  name,
                  value: from.secret ? "" : from.value,
                  secret: from.secret,
                  added: true,
                }]);
              }
            }}
          >
            <option value="">Override…</option>
            {overridable.map((v) => <option key={v.name} value={v.name}>{v.name}</option>)}
          </select>
        )}
        <button
          type="button"
          class="primary"
          disabled={!dirty || saving}
          onClick={save}
          data-testid="env-save"
        >
          {saving ? "Saving…" : "Save"}
        </button>
      </div>
    </section>
  );
}

/** What git does with a file, in words, and whether that is a problem. */
function ignoreNote(path: string, status: IgnoreStatus, wanted: boolean) {
  if (status === "ignored") return { text: "git ignores it.", warn: !wanted };
  if (status === "tracked") {
    return { text: `.gitignore lists ${path}, but git already tracks it.`, warn: wanted };
  }
  return {
    text: wanted ? `git does not ignore it: add ${path} to .gitignore.` : "",
    warn: wanted,
  };
}

function FilePanel(
  { file, template, onSaved }: {
    file: EnvFilesResponse["files"][number];
    /** The committed template, whose environments the local file overrides. */
    template?: EnvFileView;
    onSaved: () => void;
  },
) {
  const [newEnv, setNewEnv] = useState("");
  const [extra, setExtra] = useState<string[]>([]);
  // The local file overrides the template's environments, each of them, even before it exists.
  const inheritedNames = file.committed ? [] : template?.environments.map((e) => e.name) ?? [];
  const names = [
    ...new Set([
      ...file.environments.map((e) => e.name),
      ...inheritedNames,
      ...extra,
    ]),
  ];
  const path = `api-docs/${file.file}`;
  const git = ignoreNote(path, file.ignored, !file.committed);
  return (
    <div class="env-file" data-testid="env-file">
      <p class={file.committed || git.warn ? "warning-box" : "muted"} data-testid="env-file-note">
        {file.committed
          ? "Meant to be committed: the shape of each environment and safe defaults only. Never a token, password or key."
          : "This machine only: overrides the template per key. Still scanned before every run: secrets go in .env.local."}
        {git.text && ` ${git.text}`}
        {!file.exists && " The file does not exist yet; saving creates it."}
      </p>
      {names.map((name) => (
        <EnvCard
          key={`${file.file}:${name}`}
          file={file}
          env={name}
          variables={file.environments.find((e) => e.name === name)?.variables ?? []}
          inherited={file.committed
            ? undefined
            : template?.environments.find((e) => e.name === name)?.variables ?? []}
          onSaved={onSaved}
        />
      ))}
      <form
        class="add-env"
        onSubmit={(e) => {
          e.preventDefault();
          if (/^[\w.-]+$/.test(newEnv)) setExtra([...extra, newEnv]);
          setNewEnv("");
        }}
      >
        <input
          aria-label="New environment name"
          placeholder="new environment, e.g. staging"
          value={newEnv}
          onInput={(e) => setNewEnv((e.target as HTMLInputElement).value)}
        />
        <button type="submit" class="ghost">Add environment</button>
      </form>
    </div>
  );
}

export function EnvPage() {
  const [data, setData] = useState<EnvFilesResponse>();
  const [error, setError] = useState<string>();
  const [tab, setTab] = useState(0);
  const load = useCallback(async () => {
    try {
      setData(await api.envFiles());
      setError(undefined);
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);
  useEffect(() => {
    load();
    return subscribe((event) => {
      if (event.type === "change" && event.paths.some((p) => p.startsWith("_shared/"))) load();
      else if (event.type === "workspace") load();
    });
  }, []);
  if (!data) return <PagePlaceholder error={error} />;
  const file = data.files[tab];
  const dotenvGit = ignoreNote(".env.local", data.dotenv.ignored, true);
  return (
    <div class="page env-page">
      <header class="page-head">
        <PageTitle>Environments</PageTitle>
        <Tabs
          label="Environment file"
          selected={tab}
          onSelect={setTab}
          tabs={data.files.map((f, i) => ({
            id: i,
            label: `${f.file.replace("_shared/", "")} ${f.committed ? "(committed)" : "(local)"}`,
            testid: `env-tab-${i}`,
          }))}
        />
      </header>
      <FilePanel
        key={file.file}
        file={file}
        template={data.files.find((f) => f.committed)}
        onSaved={load}
      />
      <AuthTokens />
      <p
        class={`dotenv-note ${dotenvGit.warn ? "warning-box" : "muted"}`}
        data-testid="dotenv-note"
      >
        Secrets: <code>.env.local</code> next to <code>api-docs/</code> (
        <code>AUTH_TOKEN=…</code> is read as <code>{"{{authToken}}"}</code>) or{" "}
        <code>APISPEC_*</code> variables. {data.dotenv.exists
          ? `.env.local defines ${data.dotenv.names.length} name(s): ${
            data.dotenv.names.join(", ")
          } (values are never shown).`
          : ".env.local does not exist."} {dotenvGit.text}
      </p>
    </div>
  );
}
