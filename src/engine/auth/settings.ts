/**
 * The auth and transport fields of `project.md` and of an endpoint's
 * frontmatter (BEYOND.md §8): `oauth2:`, `apiKey:`, `aws:`, `cookies:`,
 * `tls:` and `proxy:`. Values may hold placeholders; they are resolved
 * with the run's variables (`resolve.ts`). Each mistake is an issue with the
 * key's line and a fix.
 */
import type { FieldReader } from "../parse/frontmatter.ts";

import {
  API_KEY_PLACES,
  type ApiKeySettings,
  type AuthFields,
  type AwsSettings,
  CLIENT_AUTH,
  OAUTH2_GRANTS,
  type OAuth2Settings,
  type TlsSettings,
  type TransportFields,
} from "./types.ts";

export * from "./types.ts";

const OAUTH2_STRINGS = [
  "tokenUrl",
  "clientId",
  "clientSecret",
  "scope",
  "username",
  "password",
  "authUrl",
  "refreshToken",
] as const;
const OAUTH2_KEYS = [...OAUTH2_STRINGS, "grant", "params", "clientAuth"];

/** Reads `oauth2:`, `apiKey:` and `aws:` (endpoint frontmatter or project.md). */
export function readAuthFields(reader: FieldReader): AuthFields {
  const fields: AuthFields = {};
  if (isMap(reader, "oauth2", OAUTH2_KEYS)) {
    const oauth2: OAuth2Settings = {};
    const grant = reader.enumValue(["oauth2", "grant"], OAUTH2_GRANTS, false);
    if (grant) oauth2.grant = grant;
    for (const key of OAUTH2_STRINGS) {
      const value = scalar(reader, ["oauth2", key]);
      if (value !== undefined) oauth2[key] = value;
    }
    const clientAuth = reader.enumValue(["oauth2", "clientAuth"], CLIENT_AUTH, false);
    if (clientAuth) oauth2.clientAuth = clientAuth;
    if (reader.raw(["oauth2", "params"]) !== undefined) {
      oauth2.params = reader.scalarMap(["oauth2", "params"]);
    }
    fields.oauth2 = oauth2;
  }
  if (isMap(reader, "apiKey", ["in", "name"])) {
    const apiKey: ApiKeySettings = {};
    const place = reader.enumValue(["apiKey", "in"], API_KEY_PLACES, false);
    if (place) apiKey.in = place;
    const name = reader.string(["apiKey", "name"], false);
    if (name) apiKey.name = name;
    fields.apiKey = apiKey;
  }
  if (isMap(reader, "aws", ["region", "service"])) {
    const aws: AwsSettings = {};
    const region = reader.string(["aws", "region"], false);
    if (region) aws.region = region;
    const service = reader.string(["aws", "service"], false);
    if (service) aws.service = service;
    fields.aws = aws;
  }
  return fields;
}

/** Reads `tls:` and `proxy:` (project.md only). */
export function readTransportFields(reader: FieldReader): TransportFields {
  const fields: TransportFields = {};
  if (isMap(reader, "tls", ["ca", "cert", "key", "insecure"])) {
    const tls: TlsSettings = {};
    if (reader.raw(["tls", "ca"]) !== undefined) tls.ca = reader.stringList(["tls", "ca"]);
    const cert = reader.string(["tls", "cert"], false);
    if (cert) tls.cert = cert;
    const key = reader.string(["tls", "key"], false);
    if (key) tls.key = key;
    const insecure = reader.boolean(["tls", "insecure"], false);
    if (insecure !== undefined) tls.insecure = insecure;
    if ((tls.cert === undefined) !== (tls.key === undefined)) {
      reader.fail(
        ["tls", tls.cert ? "cert" : "key"],
        'Fields "tls.cert" and "tls.key" go together: a client certificate needs its key',
        "Write both `cert: <certificate.pem>` and `key: <key.pem>` under tls:",
      );
    }
    fields.tls = tls;
  }
  const proxy = reader.string(["proxy"], false);
  if (proxy !== undefined) {
    if (!/^(https?:\/\/|\{\{)/i.test(proxy)) {
      reader.fail(
        ["proxy"],
        `Field "proxy" must be an http:// or https:// URL, got "${proxy}"`,
        "Write `proxy: http://proxy.internal:3128` (user and password as {{placeholders}})",
      );
    } else fields.proxy = proxy;
  }
  return fields;
}

/** `cookies: false` in an endpoint's frontmatter: the request neither sends nor keeps cookies. */
export function readCookiesField(reader: FieldReader): false | undefined {
  const cookies = reader.boolean(["cookies"], false);
  return cookies === false ? false : undefined;
}

/** Whether `key` is present and a map; an unknown key inside it is a warning, a non-map an error. */
function isMap(reader: FieldReader, key: string, known: readonly string[]): boolean {
  const value = reader.raw([key]);
  if (value === undefined || value === null) return false;
  if (typeof value !== "object" || Array.isArray(value)) {
    reader.fail(
      [key],
      `Field "${key}" must be a map`,
      `Write \`${key}:\` with indented fields below it: ${known.join(", ")}`,
    );
    return false;
  }
  for (const inner of Object.keys(value)) {
    if (!known.includes(inner)) {
      reader.fail(
        [key, inner],
        `Unknown field "${key}.${inner}"`,
        `Known fields under ${key}: ${known.join(", ")}`,
      );
    }
  }
  return true;
}

/** A string field; numbers (a numeric client id) are taken as their text. */
function scalar(reader: FieldReader, path: string[]): string | undefined {
  const value = reader.raw(path);
  if (typeof value === "number") return String(value);
  return reader.string(path, false);
}
