/**
 * Importers never write credentials: a token, password or API key found in an
 * input becomes a `{{variable}}` (or the endpoint's `auth` kind, which adds the
 * header at run time) and is reported. A last guard scans the rendered file
 * with the same scanner `exec` uses and replaces whatever it still finds.
 */
import type { AuthKind } from "../engine/model.ts";
import { findSecrets } from "../engine/secrets/scan.ts";
import { isCredentialPair } from "../engine/secrets/names.ts";
import type { SecretFinding } from "./endpoint.ts";
import { percentDecoded } from "../engine/text/percent.ts";

const PLACEHOLDER_ONLY = /^\s*\{\{[^}]+\}\}\s*$/;

/** `X-API-Key` → `xApiKey`. */
export function camelFromHeader(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w.toLowerCase());
  if (words.length === 0) return "secret";
  const joined = words.map((w, i) => i === 0 ? w : w[0].toUpperCase() + w.slice(1)).join("");
  return /^[a-z_]/.test(joined) ? joined : `_${joined}`;
}

export function isPlaceholder(value: string): boolean {
  return PLACEHOLDER_ONLY.test(value);
}

/** True when a name/value pair is a credential that must not be written. */
export function isCredential(name: string, value: string): boolean {
  if (value.trim() === "" || isPlaceholder(value) || value.includes("{{")) return false;
  if (/^(authorization|proxy-authorization|cookie)$/i.test(name)) return true;
  return isCredentialPair(name, value);
}

export interface HeaderOutcome {
  /** The header to write, or undefined when `auth` replaces it. */
  header?: [string, string];
  auth?: AuthKind;
}

/**
 * Makes one header safe. `Authorization: Bearer <literal>` becomes `auth:
 * bearer` (the engine adds `Bearer {{authToken}}`), Basic becomes `auth:
 * basic`; other credentials become `{{variable}}`s.
 */
export function safeHeader(
  name: string,
  value: string,
  where: string,
  secrets: SecretFinding[],
): HeaderOutcome {
  if (!isCredential(name, value)) return { header: [name, value] };
  if (/^authorization$/i.test(name)) {
    if (/^bearer\s/i.test(value)) {
      secrets.push({ where: `${where} header ${name}`, variable: "authToken" });
      return { auth: "bearer" };
    }
    if (/^basic\s/i.test(value)) {
      secrets.push({ where: `${where} header ${name}`, variable: "password" });
      return { auth: "basic" };
    }
    const scheme = /^(\w+)\s+\S/.exec(value)?.[1];
    secrets.push({ where: `${where} header ${name}`, variable: "authorization" });
    return { header: [name, scheme ? `${scheme} {{authorization}}` : "{{authorization}}"] };
  }
  const variable = camelFromHeader(name);
  secrets.push({ where: `${where} header ${name}`, variable });
  return { header: [name, `{{${variable}}}`] };
}

/**
 * True when a body field's value is a credential: when the secret scanner
 * (the same that `validate` runs on the written file) reports it on the line
 * the file will hold. The value is judged: a field named `authorization`,
 * `token` or `key` holding an id, a number or a word stays as written, and a
 * provider token under any name is caught.
 */
export function isBodyCredential(name: string, value: string): boolean {
  if (value.trim() === "" || value.includes("{{")) return false;
  return findSecrets(`${JSON.stringify(name)}: ${JSON.stringify(value)}`, {
    honourAllowComment: false,
  }).length > 0;
}

/** A body field's value, or a placeholder named after the field when it is a credential. */
function safeField(name: string, value: string, where: string, secrets: SecretFinding[]): string {
  if (!isBodyCredential(name, value)) return value;
  const variable = camelFromHeader(name);
  secrets.push({ where: `${where} ${name}`, variable });
  return `{{${variable}}}`;
}

/** Replaces a credential in a name/value pair (query parameter, form field) with a placeholder. */
export function safeValue(
  name: string,
  value: string,
  where: string,
  secrets: SecretFinding[],
): string {
  if (!isCredential(name, value)) return value;
  const variable = camelFromHeader(name);
  secrets.push({ where: `${where} ${name}`, variable });
  return `{{${variable}}}`;
}

/** Credentials in a JSON body (as `isBodyCredential` judges them) become placeholders. */
export function safeJson(value: unknown, where: string, secrets: SecretFinding[]): unknown {
  if (Array.isArray(value)) return value.map((v) => safeJson(v, where, secrets));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        typeof v === "string"
          ? safeField(k, v, `${where} body`, secrets)
          : safeJson(v, where, secrets),
      ]),
    );
  }
  return value;
}

/** Whether `safeJson` would change anything in `value` (the same walk, without copying). */
export function hasBodyCredential(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasBodyCredential);
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === "string" ? isBodyCredential(k, v) : hasBodyCredential(v)) return true;
    }
  }
  return false;
}

/** A body made safe: JSON by key, form bodies by field, other text left to the final guard. */
export function safeBody(body: string, where: string, secrets: SecretFinding[]): string {
  const trimmed = body.trim();
  if (/^[[{]/.test(trimmed)) {
    try {
      return JSON.stringify(safeJson(JSON.parse(trimmed), where, secrets), null, 2);
    } catch { /* not JSON: left as written */ }
  }
  if (/^[\w.%-]+=[^\s]*(&[\w.%-]+=[^\s]*)*$/.test(trimmed)) {
    return trimmed.split("&").map((pair) => {
      const [k, ...rest] = pair.split("=");
      const v = rest.join("=");
      const decoded = percentDecoded(v, { plus: true });
      const safe = safeField(percentDecoded(k), decoded, `${where} form`, secrets);
      return safe === decoded ? pair : `${k}=${safe}`;
    }).join("&");
  }
  return body;
}

/**
 * The final guard over a rendered endpoint file: whatever the secret scanner
 * still finds becomes `{{secretN}}`, so every written file passes `validate`.
 */
export function scrubRendered(
  text: string,
  where: string,
  secrets: SecretFinding[],
): string {
  const findings = findSecrets(text);
  if (findings.length === 0) return text;
  let counter = secrets.filter((s) => /^secret\d*$/.test(s.variable)).length;
  const parts: string[] = [];
  let at = 0;
  for (const finding of findings) {
    if (finding.start < at) continue;
    const variable = `secret${++counter === 1 ? "" : counter}`;
    secrets.push({ where, variable });
    parts.push(text.slice(at, finding.start), `{{${variable}}}`);
    at = finding.end;
  }
  parts.push(text.slice(at));
  return parts.join("");
}
