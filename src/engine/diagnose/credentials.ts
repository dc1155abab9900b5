/**
 * Where a refused request's credentials come from, by the endpoint's auth:
 * the variables `auth:` fills the Authorization header from, and the
 * `APISPEC_*` names that set them (the mapping `osLayer` reads), so a 401 on
 * an `auth: basic` file asks for a username and password, not a token.
 */
import type { AuthKind } from "../model.ts";
import { envVariableFor } from "../resolve/layers.ts";

export interface CredentialAdvice {
  /** What to set, and where: `set username and password via APISPEC_USERNAME and ...`. */
  set: string;
  /** What to check when they are set and still refused: the token's scopes, the account's rights. */
  check: string;
  /** Whether the request carries credentials at all. */
  sends: boolean;
}

const VARIABLES: Partial<Record<AuthKind, string[]>> = {
  bearer: ["authToken"],
  basic: ["username", "password"],
  digest: ["username", "password"],
  apikey: ["apiKey"],
  "aws-sigv4": ["awsAccessKeyId", "awsSecretAccessKey"],
};

/** What else to check per kind once its variables are set. */
const CHECKS: Partial<Record<AuthKind, string>> = {
  bearer: "the token's scopes",
  apikey: "apiKey.in and apiKey.name, and the key's rights",
  "aws-sigv4": "aws.region and aws.service (AWS_ACCESS_KEY_ID... fill the credentials too)",
};

function and(words: string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/**
 * @example
 * ```ts
 * import { credentialAdvice } from "./credentials.ts";
 * credentialAdvice("basic", "dev", false).set;
 * // 'set username and password via APISPEC_USERNAME and APISPEC_PASSWORD (or in .env.local) for "dev"'
 * ```
 */
export function credentialAdvice(
  auth: AuthKind | undefined,
  env: string,
  setsAuthorization: boolean,
): CredentialAdvice {
  if (setsAuthorization) {
    return {
      set:
        `check the Authorization header the request sets, and the variables it uses for "${env}"`,
      check: "the credentials' rights",
      sends: true,
    };
  }
  const names = auth ? VARIABLES[auth] : undefined;
  if (names) {
    const variables = names.map((name) => envVariableFor(name)!);
    return {
      set: `set ${and(names)} via ${and(variables)} (or in .env.local) for "${env}"`,
      check: (auth && CHECKS[auth]) ?? "the account's rights",
      sends: true,
    };
  }
  if (auth === "oauth2") {
    return {
      set: `the token was refused even after a new one was fetched for "${env}"`,
      check: "oauth2.scope and the client's permissions (`apispec auth status` shows the cached " +
        "tokens)",
      sends: true,
    };
  }
  if (auth === "custom") {
    return {
      set: `check the credential headers the request sends for "${env}" (auth is custom)`,
      check: "the credentials' rights",
      sends: true,
    };
  }
  return {
    set: "the request sends no credentials (auth is none): set `auth:` (bearer, basic, oauth2, " +
      "apikey, digest, aws-sigv4) in " +
      "the frontmatter (or project.md), then its credentials",
    check: "the credentials' rights",
    sends: false,
  };
}
