/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The environment every page sends in, switched from the top bar. Opened, it
 * shows each variable the environment resolves to (values masked as runs
 * mask them; `.env.local` and `APISPEC_*` values never shown) and where it
 * comes from, with the sources it overrides.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "../api.ts";
import { hrefFor, linkClick } from "../router.ts";
import type { EnvironmentsResponse } from "../types.ts";
import { EnvSelect } from "./common.tsx";

type Resolved = EnvironmentsResponse["environments"][number]["resolved"];

export function EnvSwitcher(
  { env, environments, onEnv }: {
    env: string;
    environments: string[];
    onEnv: (env: string) => void;
  },
) {
  const details = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const [resolved, setResolved] = useState<Record<string, Resolved>>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!open) return;
    api.environments().then((r) => {
      setResolved(Object.fromEntries(r.environments.map((e) => [e.name, e.resolved])));
      setError(undefined);
    }).catch((e) => setError((e as Error).message));
  }, [open]);
  // Escape closes it and gives focus back to its button.
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !details.current?.open) return;
    details.current.open = false;
    details.current.querySelector("summary")?.focus();
  };
  const rows = resolved?.[env] ?? [];
  const editHref = hrefFor({ name: "environments" });
  return (
    <details
      class="env-switcher"
      ref={details}
      onToggle={() => setOpen(details.current?.open ?? false)}
      onKeyDown={onKey}
      data-testid="env-switcher"
    >
      <summary aria-label={`env ${env || "…"}: the environment; show its variables or switch`}>
        <span class="label">env</span> <strong>{env || "…"}</strong>
      </summary>
      <div class="env-popover" role="group" aria-label={`Environment ${env}`}>
        <EnvSelect id="global-env" env={env} environments={environments} onChange={onEnv} />
        {error && <p class="error-box">{error}</p>}
        {!resolved && !error && <p class="muted">Loading…</p>}
        {resolved && rows.length === 0 && <p class="muted">{env} defines no variables.</p>}
        {rows.length > 0 && (
          <div class="table-scroll" tabIndex={0} role="region" aria-label="Resolved variables">
            <table class="resolved" data-testid="env-resolved">
              <thead>
                <tr>
                  <th scope="col">Variable</th>
                  <th scope="col">Value</th>
                  <th scope="col">From</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((v) => (
                  <tr key={v.name} data-name={v.name}>
                    <th scope="row">
                      <code>{v.name}</code>
                    </th>
                    <td>
                      <code>{v.value}</code>
                    </td>
                    <td class="muted">
                      {v.source}
                      {v.hides.length > 0 && (
                        <span class="hides">overrides {v.hides.join(", ")}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p>
          <a
            href={editHref}
            onClick={(e) => {
              if (details.current) details.current.open = false;
              linkClick(e, editHref);
            }}
          >
            Edit environments
          </a>
        </p>
      </div>
    </details>
  );
}
