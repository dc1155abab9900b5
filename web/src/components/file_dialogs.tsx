/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * Creating, duplicating, renaming and deleting endpoints, flows and folders
 * from the UI: each in a modal dialog (native <dialog>: focus stays inside,
 * Escape closes), written by the server's guarded routes. Deleting shows
 * what goes and asks first.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { api, ApiFailure } from "../api.ts";
import { hrefFor, navigate } from "../router.ts";
import type { EndpointEntry, FlowEntry } from "../types.ts";
import { foldersOf } from "./run_all_page.tsx";
import { TextField, toast } from "./common.tsx";
import { createStore } from "../store.ts";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

export type FileAction =
  | { kind: "new-endpoint"; folder?: string }
  | { kind: "new-flow" }
  | { kind: "folders" }
  | { kind: "duplicate"; file: string }
  | { kind: "rename"; file: string }
  | { kind: "delete"; file: string };

/** The dialog open now; any page opens one with `openFileAction`. */
export const fileAction = createStore<FileAction | undefined>(undefined);
export const openFileAction = (action: FileAction) => fileAction.set(action);

/** The buttons of a spec or flow page: duplicate, rename, delete the file it shows. */
export function FileButtons({ file }: { file: string }) {
  return (
    <div class="file-buttons" role="group" aria-label="File">
      <button
        type="button"
        class="ghost"
        onClick={() => openFileAction({ kind: "duplicate", file })}
        data-testid="file-duplicate"
      >
        Duplicate
      </button>
      <button
        type="button"
        class="ghost"
        onClick={() => openFileAction({ kind: "rename", file })}
        data-testid="file-rename"
      >
        Rename
      </button>
      <button
        type="button"
        class="ghost danger"
        onClick={() => openFileAction({ kind: "delete", file })}
        data-testid="file-delete"
      >
        Delete
      </button>
    </div>
  );
}

const slug = (text: string) =>
  text.toLowerCase().replace(/[:{}]/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** `apis/<resource>/<method>-<slug>.md`, as the importers name files. */
export function suggestedFile(method: string, urlPath: string, folder?: string): string {
  const parts = urlPath.split("/").filter((p) => p && !p.startsWith(":") && !p.startsWith("{"));
  const resource = slug(parts[0] ?? "") || "scratch";
  return `${folder ?? `apis/${resource}`}/${method.toLowerCase()}-${
    slug(parts.join("-")) || "root"
  }.md`;
}

function failed(e: unknown) {
  toast(e instanceof ApiFailure ? `${e.message}. ${e.fix}` : String(e), "error");
}

function Modal(
  { title, onClose, children, testid }: {
    title: string;
    onClose: () => void;
    children: ComponentChildren;
    testid: string;
  },
) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      class="confirm file-dialog"
      aria-labelledby={`${testid}-title`}
      onClose={onClose}
      data-testid={testid}
    >
      <h2 id={`${testid}-title`}>{title}</h2>
      {children}
    </dialog>
  );
}

/** A form's buttons: the action (submits) and Cancel. */
function Actions({ label, busy, danger }: { label: string; busy: boolean; danger?: boolean }) {
  return (
    <div class="toolbar">
      <button
        type="submit"
        class={danger ? "primary danger-fill" : "primary"}
        disabled={busy}
        data-testid="file-dialog-submit"
      >
        {label}
      </button>
      <button type="submit" formMethod="dialog" formNoValidate value="cancel">Cancel</button>
    </div>
  );
}

/** Runs a write, then closes the dialog on success. */
function useSubmit(close: () => void) {
  const [busy, setBusy] = useState(false);
  const submit = (work: () => Promise<void>) => async (event: Event) => {
    // Cancel submits the form with method "dialog": the browser closes it.
    if ((event as SubmitEvent).submitter?.getAttribute("formmethod") === "dialog") return;
    event.preventDefault();
    setBusy(true);
    try {
      await work();
      close();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}

function NewEndpoint({ folder, close }: { folder?: string; close: () => void }) {
  const [method, setMethod] = useState("GET");
  const [urlPath, setUrlPath] = useState("/");
  const [title, setTitle] = useState("");
  const [file, setFile] = useState("");
  const { busy, submit } = useSubmit(close);
  const target = file || suggestedFile(method, urlPath, folder);
  return (
    <Modal title="New endpoint" onClose={close} testid="new-endpoint">
      <form
        method="dialog"
        onSubmit={submit(async () => {
          const made = await api.createFile({
            kind: "endpoint",
            path: target,
            method,
            url_path: urlPath,
            title,
          });
          toast(`Created ${made.path}`, "ok");
          navigate(hrefFor({ name: "spec", file: made.path, view: "edit" }));
        })}
      >
        <div class="request-line">
          <select
            aria-label="Method"
            value={method}
            onChange={(e) => setMethod((e.target as HTMLSelectElement).value)}
          >
            {METHODS.map((m) => <option key={m}>{m}</option>)}
          </select>
          <input
            class="url"
            aria-label="URL path"
            value={urlPath}
            autoFocus
            spellcheck={false}
            onInput={(e) => setUrlPath((e.target as HTMLInputElement).value)}
            data-testid="new-endpoint-path"
          />
        </div>
        <TextField label="Title" value={title} onInput={setTitle} testid="new-endpoint-title" />
        <TextField
          label="File (in api-docs/)"
          value={file}
          placeholder={target}
          onInput={setFile}
          testid="new-endpoint-file"
        />
        <Actions label="Create" busy={busy} />
      </form>
    </Modal>
  );
}

function NewFlow({ endpoints, close }: { endpoints: EndpointEntry[]; close: () => void }) {
  const [title, setTitle] = useState("");
  const [file, setFile] = useState("");
  const [first, setFirst] = useState(endpoints[0]?.file ?? "");
  const { busy, submit } = useSubmit(close);
  const target = file || `flows/${slug(title) || "new-flow"}.md`;
  return (
    <Modal title="New flow" onClose={close} testid="new-flow">
      <form
        method="dialog"
        onSubmit={submit(async () => {
          const made = await api.createFile({
            kind: "flow",
            path: target,
            title,
            first_step: first,
          });
          toast(`Created ${made.path}`, "ok");
          navigate(hrefFor({ name: "flow", file: made.path }));
        })}
      >
        <TextField
          label="Title"
          value={title}
          onInput={setTitle}
          testid="new-flow-title"
          autoFocus
        />
        <TextField
          label="File (in api-docs/)"
          value={file}
          placeholder={target}
          onInput={setFile}
          testid="new-flow-file"
        />
        <label class="field">
          <span>First step</span>
          <select
            value={first}
            onChange={(e) => setFirst((e.target as HTMLSelectElement).value)}
            data-testid="new-flow-step"
          >
            {endpoints.map((e) => (
              <option key={e.file} value={e.file}>{e.method} {e.path} · {e.title}</option>
            ))}
          </select>
        </label>
        <Actions label="Create" busy={busy || !first} />
      </form>
    </Modal>
  );
}

function Folders(
  { files, close, open }: {
    files: string[];
    close: () => void;
    open: (action: FileAction) => void;
  },
) {
  const [path, setPath] = useState("apis/");
  const { busy, submit } = useSubmit(close);
  const folders = foldersOf(files);
  return (
    <Modal title="Folders" onClose={close} testid="folders">
      <ul class="folder-list">
        {folders.map((folder) => (
          <li key={folder} data-folder={folder}>
            <code>{folder}/</code>
            <span class="muted">
              {files.filter((f) => f.startsWith(`${folder}/`)).length} files
            </span>
            <button
              type="button"
              class="ghost"
              onClick={() => open({ kind: "rename", file: folder })}
            >
              Rename
            </button>
            <button
              type="button"
              class="ghost danger"
              onClick={() => open({ kind: "delete", file: folder })}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form
        method="dialog"
        onSubmit={submit(async () => {
          const made = await api.createFile({ kind: "folder", path });
          toast(`Created ${made.path}/`, "ok");
        })}
      >
        <TextField
          label="New folder (in api-docs/)"
          value={path}
          onInput={setPath}
          testid="new-folder"
        />
        <Actions label="Create folder" busy={busy} />
      </form>
    </Modal>
  );
}

function Duplicate({ file, close }: { file: string; close: () => void }) {
  const [to, setTo] = useState(file.replace(/\.md$/i, "-copy.md"));
  const { busy, submit } = useSubmit(close);
  const flow = file.startsWith("flows/") || file.includes("/flows/");
  return (
    <Modal title={`Duplicate ${file}`} onClose={close} testid="duplicate">
      <form
        method="dialog"
        onSubmit={submit(async () => {
          const made = await api.duplicateFile(file, to);
          toast(`Created ${made.path}`, "ok");
          navigate(
            hrefFor(flow ? { name: "flow", file: made.path } : { name: "spec", file: made.path }),
          );
        })}
      >
        <TextField
          label="Copy to (in api-docs/)"
          value={to}
          onInput={setTo}
          testid="duplicate-to"
          autoFocus
        />
        <Actions label="Duplicate" busy={busy} />
      </form>
    </Modal>
  );
}

function Rename({ file, close, current }: { file: string; close: () => void; current?: string }) {
  const [to, setTo] = useState(file);
  const { busy, submit } = useSubmit(close);
  return (
    <Modal title={`Rename ${file}`} onClose={close} testid="rename">
      <form
        method="dialog"
        onSubmit={submit(async () => {
          const moved = await api.renameFile(file, to);
          toast(`Renamed to ${moved.path}`, "ok");
          if (moved.files.length) {
            toast(`Still naming ${file}: ${moved.files.join(", ")}; update their steps`, "error");
          }
          if (current === file) {
            const flow = moved.path.startsWith("flows/") || moved.path.includes("/flows/");
            navigate(
              hrefFor(
                flow ? { name: "flow", file: moved.path } : { name: "spec", file: moved.path },
              ),
            );
          }
        })}
      >
        <TextField
          label="New path (in api-docs/)"
          value={to}
          onInput={setTo}
          testid="rename-to"
          autoFocus
        />
        <p class="muted">A spec's run history moves with it.</p>
        <Actions label="Rename" busy={busy} />
      </form>
    </Modal>
  );
}

function Delete(
  { file, files, close, current }: {
    file: string;
    files: string[];
    close: () => void;
    current?: string;
  },
) {
  const { busy, submit } = useSubmit(close);
  const inside = files.filter((f) => f.startsWith(`${file}/`));
  const folder = !file.toLowerCase().endsWith(".md");
  return (
    <Modal title={`Delete ${file}${folder ? "/" : ""}?`} onClose={close} testid="delete">
      <form
        method="dialog"
        onSubmit={submit(async () => {
          const gone = await api.deleteFile(file);
          toast(`Deleted ${gone.files.length} file(s)`, "ok");
          if (current && (current === file || current.startsWith(`${file}/`))) navigate("/");
        })}
      >
        {folder
          ? (
            <>
              <p>
                The folder and everything in it goes{inside.length
                  ? ":"
                  : " (it holds no endpoint or flow)."}
              </p>
              {inside.length > 0 && (
                <ul class="doomed" data-testid="delete-list" tabIndex={0}>
                  {inside.slice(0, 50).map((f) => (
                    <li key={f}>
                      <code>{f}</code>
                    </li>
                  ))}
                  {inside.length > 50 && <li>and {inside.length - 50} more</li>}
                </ul>
              )}
            </>
          )
          : <p>This file goes from the disk. Its run history stays.</p>}
        <p class="muted">There is no undo here; git keeps what was committed.</p>
        <Actions label="Delete" busy={busy} danger />
      </form>
    </Modal>
  );
}

/** The open dialog, if any. */
export function FileDialog(
  { action, endpoints, flows, current, onClose, onOpen }: {
    action?: FileAction;
    endpoints: EndpointEntry[];
    flows: FlowEntry[];
    /** The file the page shows, to follow it when it moves or goes. */
    current?: string;
    onClose: () => void;
    onOpen: (action: FileAction) => void;
  },
) {
  if (!action) return null;
  const files = [...endpoints.map((e) => e.file), ...flows.map((f) => f.file)];
  switch (action.kind) {
    case "new-endpoint":
      return <NewEndpoint folder={action.folder} close={onClose} />;
    case "new-flow":
      return <NewFlow endpoints={endpoints} close={onClose} />;
    case "folders":
      return <Folders files={files} close={onClose} open={onOpen} />;
    case "duplicate":
      return <Duplicate file={action.file} close={onClose} />;
    case "rename":
      return <Rename file={action.file} close={onClose} current={current} />;
    case "delete":
      return <Delete file={action.file} files={files} close={onClose} current={current} />;
  }
}
