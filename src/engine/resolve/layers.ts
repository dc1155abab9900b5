/**
 * Variable sources as ordered layers, highest priority first. The CLI and the
 * tool server order the same sources differently (SPEC.md), so the order is
 * data, not code.
 */
import { isSecretName } from "../secrets/names.ts";
import { findSecrets } from "../secrets/scan.ts";
import { memoByString } from "../memo.ts";

export type LayerName =
  | "capture"
  | "cli"
  | "tool"
  | "session"
  | "frontmatter"
  | "env"
  | "env-template"
  | "dotenv"
  | "os";

export interface VarLayer {
  name: LayerName;
  /** Where a value came from, for the variable report (e.g. `--var`, `api-docs/_shared/env.md [dev]`). */
  label: string;
  vars: Record<string, string>;
  /** Per-variable label where it differs from `label` (an OS variable's own name). */
  labels?: Record<string, string>;
}

/** SPEC.md's CLI priority: capture, --var, frontmatter, env.md, .env.local, APISPEC_*. */
export const CLI_ORDER: LayerName[] = [
  "capture",
  "cli",
  "frontmatter",
  "env",
  "env-template",
  "dotenv",
  "os",
];

/**
 * The tool server's order, highest first: explicit tool vars, session vars,
 * OS variables, .env.local, env.md. Frontmatter defaults sit above the
 * environment sources as in the CLI; captures stay highest.
 */
export const TOOL_ORDER: LayerName[] = [
  "capture",
  "tool",
  "session",
  "frontmatter",
  "os",
  "dotenv",
  "env",
  "env-template",
];

/** Sorts layers by an order; layers whose name is not in it are dropped. */
export function orderLayers(layers: VarLayer[], order: LayerName[]): VarLayer[] {
  return order.flatMap((name) => layers.filter((layer) => layer.name === name));
}

export interface Resolved {
  value: string;
  source: string;
}

/** Looks a name up through layers, first hit wins. */
export function lookupVar(layers: VarLayer[], name: string): Resolved | undefined {
  for (const layer of layers) {
    if (Object.hasOwn(layer.vars, name)) {
      return { value: layer.vars[name], source: layer.labels?.[name] ?? layer.label };
    }
  }
  return undefined;
}

/** `AUTH_TOKEN` → `authToken`, `BASE_URL` → `baseUrl`. */
export function snakeToCamel(name: string): string {
  return name.toLowerCase().replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(
    /_+$/,
    "",
  );
}

/** The variables an `UPPER_SNAKE` name fills: `BUCKET_ID` → `bucketId` and `bucket_id`. */
function namesOf(upperSnake: string): string[] {
  const camel = snakeToCamel(upperSnake);
  const snake = upperSnake.toLowerCase();
  return camel === snake ? [camel] : [camel, snake];
}

/**
 * The `APISPEC_*` variable that fills `name` (the mapping `osLayer` reads
 * back), or undefined when none can (`X-Trace`, `userID`).
 *
 * @example
 * ```ts
 * import { envVariableFor } from "./layers.ts";
 * envVariableFor("authToken"); // "APISPEC_AUTH_TOKEN"
 * envVariableFor("bucket_id"); // "APISPEC_BUCKET_ID"
 * envVariableFor("x-trace"); // undefined
 * ```
 */
export function envVariableFor(name: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) return undefined;
  const upper = name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
  return namesOf(upper).includes(name) ? `APISPEC_${upper}` : undefined;
}

/**
 * Variables from the OS environment: `APISPEC_<UPPER_SNAKE>` fills
 * `<lowerCamel>` and `<lower_snake>`; other variables are never read.
 *
 * @example
 * ```ts
 * import { osLayer } from "./layers.ts";
 * osLayer({ APISPEC_AUTH_TOKEN: "t", HOME: "/root" }, ["APISPEC_"]).vars;
 * // { authToken: "t", auth_token: "t" }
 * ```
 */
export function osLayer(env: Record<string, string>, prefixes: string[]): VarLayer {
  const vars: Record<string, string> = {};
  const labels: Record<string, string> = {};
  // Earlier prefixes win, so APISPEC_ beats the alternate prefix for the same name.
  for (const prefix of [...prefixes].reverse()) {
    for (const [key, value] of Object.entries(env)) {
      if (!key.startsWith(prefix) || key.length === prefix.length) continue;
      for (const name of namesOf(key.slice(prefix.length))) {
        vars[name] = value;
        labels[name] = key;
      }
    }
  }
  return { name: "os", label: "environment", vars, labels };
}

/**
 * `.env.local` keys are usable as written; UPPER_SNAKE keys (with or without
 * the `APISPEC_` prefix) are also usable in lowerCamel and lower_snake form.
 */
export function dotenvLayer(vars: Record<string, string>, label: string): VarLayer {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(vars)) {
    out[key] = value;
    if (/^[A-Z][A-Z0-9_]*$/.test(key)) {
      for (const name of namesOf(key.replace(/^APISPEC_/, ""))) {
        if (!Object.hasOwn(vars, name)) out[name] = value;
      }
    }
  }
  return { name: "dotenv", label, vars: out };
}

// Names repeat in every request and every data row of a run: their verdicts are kept.
const secretName = memoByString(isSecretName, { size: 1000 });

/**
 * Names that hold secrets, by word (`authToken`, `X-Api-Key`; not `author`,
 * `tokenUrl`, `passwordPolicy`). Kept as an object with `test` so callers
 * written against the former regex keep working.
 */
export const SECRET_NAME: { test(name: string): boolean } = { test: secretName };

/**
 * Values to mask in every output: those of secret-named variables, and any
 * value that holds something shaped like a credential whatever its name
 * (`pat`, `stripe`).
 */
export function secretValues(layers: VarLayer[]): string[] {
  const values = new Set<string>();
  for (const layer of layers) {
    for (const [name, value] of Object.entries(layer.vars)) {
      if (value.length < 4) continue;
      if (secretName(name)) values.add(value);
      else for (const found of credentialsIn(value)) values.add(found);
    }
  }
  return [...values];
}

// Every request resolves its variables again, and a flow or a batch sends thousands with
// the same values: the scan of each is kept rather than repeated.
const credentialsIn = memoByString(
  (value) =>
    findSecrets(value, { honourAllowComment: false }).map((f) => value.slice(f.start, f.end)),
  { size: 1000, maxLength: 1000 },
);
