/**
 * Why a TLS handshake failed, read from the TLS library's message, and the
 * hint that names the fix (BEYOND.md §8: unknown issuer, name mismatch,
 * expired, certificate required).
 */

export type TlsCause =
  | "unknown_issuer"
  | "name_mismatch"
  | "expired"
  | "certificate_required"
  | "certificate_refused"
  | "other";

/**
 * The cause of a TLS failure from its message (rustls' words, and Node's).
 *
 * @example
 * ```ts
 * import { tlsCause } from "./tls.ts";
 * tlsCause("invalid peer certificate: UnknownIssuer"); // "unknown_issuer"
 * ```
 */
export function tlsCause(message: string): TlsCause {
  if (
    /UnknownIssuer|unable to get (local )?issuer|self[- ]signed|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(
      message,
    )
  ) {
    return "unknown_issuer";
  }
  if (/not valid for name|NotValidForName|altnames|ERR_TLS_CERT_ALTNAME|hostname/i.test(message)) {
    return "name_mismatch";
  }
  if (/expired|not valid after|not yet valid|NotValidYet|CERT_HAS_EXPIRED/i.test(message)) {
    return "expired";
  }
  if (/CertificateRequired|certificate required|peer did not return a certificate/i.test(message)) {
    return "certificate_required";
  }
  if (/BadCertificate|UnknownCA|bad certificate|unknown ca|DecryptError/i.test(message)) {
    return "certificate_refused";
  }
  return "other";
}

/** The hint of a TLS failure: the cause, then where to fix it. */
export function tlsHint(cause: TlsCause, origin: string): string {
  switch (cause) {
    case "unknown_issuer":
      return `TLS: ${origin} presented a certificate from an unknown issuer: set tls.ca in ` +
        "api-docs/project.md (or --ca <ca.pem>) to the CA that signed it";
    case "name_mismatch":
      return `TLS: the certificate of ${origin} is not valid for this host name: call the ` +
        "server by a name its certificate lists, or give it a certificate for this name";
    case "expired":
      return `TLS: the certificate of ${origin} has expired or is not valid yet: renew it on ` +
        "the server (check this machine's clock too)";
    case "certificate_required":
      return `TLS: ${origin} requires a client certificate: set tls.cert and tls.key in ` +
        "api-docs/project.md (or --cert <cert.pem> --key <key.pem>)";
    case "certificate_refused":
      return `TLS: ${origin} refused the client certificate: check that tls.cert is signed by ` +
        "a CA the server trusts and that tls.key is its key";
    default:
      // Under TLS 1.3 a server that wants a client certificate may close the connection
      // before its alert arrives, so an unexplained failure names that cause too.
      return `TLS handshake with ${origin} failed: check its certificate (tls.ca), whether it ` +
        "requires a client certificate (set tls.cert and tls.key, or --cert and --key), or use " +
        "http:// for local servers";
  }
}
