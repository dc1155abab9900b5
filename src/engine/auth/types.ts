/**
 * The shapes of the auth and transport settings (BEYOND.md §8), with no
 * imports, so the model can name them; `settings.ts` reads them from files.
 */

export const OAUTH2_GRANTS = [
  "client_credentials",
  "password",
  "authorization_code",
  "refresh_token",
] as const;
export type OAuth2Grant = typeof OAUTH2_GRANTS[number];

export const CLIENT_AUTH = ["basic", "body"] as const;
export const API_KEY_PLACES = ["header", "query", "cookie"] as const;

/** `oauth2:` as written; an endpoint's block overrides the project's field by field. */
export interface OAuth2Settings {
  grant?: OAuth2Grant;
  tokenUrl?: string;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  /** Extra form fields of the token request (`audience`, `resource`). */
  params?: Record<string, string>;
  clientAuth?: typeof CLIENT_AUTH[number];
  username?: string;
  password?: string;
  /** The authorization endpoint (authorization-code grant). */
  authUrl?: string;
  /** The refresh token of the `refresh_token` grant (default `{{refreshToken}}`). */
  refreshToken?: string;
}

export interface ApiKeySettings {
  in?: typeof API_KEY_PLACES[number];
  name?: string;
}

export interface AwsSettings {
  region?: string;
  service?: string;
}

/** The auth blocks an endpoint or the project may carry. */
export interface AuthFields {
  oauth2?: OAuth2Settings;
  apiKey?: ApiKeySettings;
  aws?: AwsSettings;
}

/** `tls:` of project.md; `--ca/--cert/--key/--insecure` beat it. */
export interface TlsSettings {
  /** PEM file(s) trusted besides the system roots. */
  ca?: string[];
  cert?: string;
  key?: string;
  insecure?: boolean;
}

/** project.md's transport fields. */
export interface TransportFields {
  tls?: TlsSettings;
  proxy?: string;
}
