/**
 * Session defaults for the tools: an environment and variables that every
 * exec/flow tool uses unless its own parameters say otherwise. Held in the
 * server process's memory only, never written to disk.
 */
import { SECRET_NAME } from "../engine/resolve/layers.ts";
import { MASK, maskText } from "../engine/secrets/mask.ts";

export interface Session {
  env?: string;
  vars: Record<string, string>;
}

export function newSession(): Session {
  return { env: undefined, vars: {} };
}

/**
 * Applies a `set`: a non-empty env replaces the session env and "" clears it;
 * vars merge by name and a null value removes one.
 */
export function updateSession(
  session: Session,
  change: { env?: string; vars?: Record<string, string | number | boolean | null> },
): void {
  if (change.env !== undefined) session.env = change.env === "" ? undefined : change.env;
  for (const [name, value] of Object.entries(change.vars ?? {})) {
    if (value === null) delete session.vars[name];
    else session.vars[name] = String(value);
  }
}

/** The session as shown to the agent: secret-named values and values shaped like credentials are masked. */
export function sessionView(
  session: Session,
): { env: string | null; vars: Record<string, string> } {
  return {
    env: session.env ?? null,
    vars: Object.fromEntries(
      Object.entries(session.vars).map(([k, v]) => [k, SECRET_NAME.test(k) ? MASK : maskText(v)]),
    ),
  };
}
