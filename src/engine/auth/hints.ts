/** Where the credentials of each auth kind come from, for AUTH_FAILED hints. */
import type { AuthKind } from "../model.ts";

/**
 * @example
 * ```ts
 * import { credentialAdvice } from "./hints.ts";
 * credentialAdvice("digest", "dev"); // 'check username and password for "dev" (APISPEC_USERNAME, APISPEC_PASSWORD or .env.local)'
 * ```
 */
export function credentialAdvice(kind: AuthKind | undefined, env: string): string {
  switch (kind) {
    case "basic":
    case "digest":
      return `check username and password for "${env}" (APISPEC_USERNAME, APISPEC_PASSWORD or .env.local)`;
    case "apikey":
      return `check apiKey for "${env}" (APISPEC_API_KEY or .env.local) and apiKey.in / apiKey.name`;
    case "aws-sigv4":
      return `check the AWS credentials for "${env}" (awsAccessKeyId, awsSecretAccessKey, ` +
        "awsSessionToken, or AWS_ACCESS_KEY_ID...) and aws.region / aws.service";
    case "oauth2":
      return "the token was refused even after a new one was fetched: check oauth2.scope and " +
        "the client's permissions (`apispec auth status` shows the cached tokens)";
    default:
      return `set authToken via APISPEC_AUTH_TOKEN or .env.local for "${env}", and check the token's scopes`;
  }
}
