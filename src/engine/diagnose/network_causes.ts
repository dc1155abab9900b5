/**
 * Causes of runs that got no answer (NETWORK_ERROR): a timeout, a refused
 * connection, an unknown host, a TLS failure, a dropped connection.
 */
import { at, type Cause, type DiagnoseInput } from "./cause.ts";
import { RAISE_TIMEOUT, usesBaseUrl } from "./classify.ts";
import { tlsCause, tlsHint } from "../auth/tls.ts";

function origin(url: string | undefined): string {
  try {
    return new URL(url ?? "").origin;
  } catch {
    return url ?? "the server";
  }
}

/** Where baseUrl comes from, for `inspect`; nothing when the request line is absolute. */
function baseUrlSource(input: DiagnoseInput): string[] {
  if (input.spec && !usesBaseUrl(input.spec)) return [];
  const entry = input.variables.find((v) => v.name === "baseUrl");
  if (entry?.source) return [`baseUrl (from ${entry.source})`];
  return input.envFile ? [`${input.envFile} ## ${input.env} baseUrl`] : [];
}

export function networkCause(input: DiagnoseInput): Cause {
  const where = origin(input.url);
  const kind = input.failure?.kind ?? "other";
  const timeout = input.timeoutMs ?? 5000;
  const request = at(input.file, input.spec?.request.line, "## Request");
  const dryRun = "--dry-run";
  const relative = !input.spec || usesBaseUrl(input.spec);
  const theUrl = relative ? `baseUrl under ## ${input.env}` : "the URL in the request line";
  switch (kind) {
    case "timeout":
      return {
        summary: `Timed out after ${timeout} ms: no response from ${where}`,
        likely_cause:
          `The server took the request but did not answer within ${timeout} ms: it is overloaded, ` +
          "stuck on this request (a lock, a slow query, a call it waits on), or this endpoint needs more time than the timeout allows",
        next_action:
          `Check the server's logs for this request; if the endpoint is slow by design, ${RAISE_TIMEOUT}`,
        inspect: [at(input.file, 1, "frontmatter timeout"), "api-docs/project.md timeout", request],
        verify: [`--timeout=${timeout * 2}`],
      };
    case "refused":
      return {
        summary: `Connection refused at ${where}`,
        likely_cause:
          `Nothing listens at ${where}: the API is not running, or ${theUrl} points at the wrong host or port`,
        next_action:
          `Start the API, or correct ${theUrl}; the dry run shows the URL that would be called`,
        inspect: [...baseUrlSource(input), request],
        verify: [`apispec exec ${input.file} --env=${input.env} ${dryRun}`],
      };
    case "dns":
      return {
        summary: `Host of ${where} was not found`,
        likely_cause:
          `The host name does not resolve: a typo in ${theUrl}, a host that only resolves on a VPN or internal DNS, or an environment that is not up`,
        next_action: `Check the host in ${theUrl}, and that this machine can resolve it`,
        inspect: [...baseUrlSource(input), request],
        verify: [`apispec exec ${input.file} --env=${input.env} ${dryRun}`],
      };
    case "tls":
      return {
        summary: `TLS handshake with ${where} failed`,
        likely_cause:
          "The certificate is not trusted (self-signed, expired, another host name), or https:// is used against a plain http server",
        next_action: tlsHint(tlsCause(input.failure?.message ?? ""), where),
        inspect: [...baseUrlSource(input)],
        verify: [],
      };
    case "reset":
      return {
        summary: `${where} closed the connection without an answer`,
        likely_cause:
          "The server dropped the connection: it crashed on this request, a proxy cut it, or another protocol listens on this port",
        next_action: "Read the server's logs for this request, and check that the port serves HTTP",
        inspect: [...baseUrlSource(input), request],
        verify: [],
      };
    case "too_large":
      return {
        summary: `${where} sent a response larger than apispec reads`,
        likely_cause:
          "The endpoint returns a download or an unbounded list, or never ends its body; apispec reads 64 MiB of a response at most",
        next_action:
          "Document a bounded response (a page, a range, a smaller fixture), or keep downloads out of the collection",
        inspect: [request],
        verify: [],
      };
    default:
      return {
        summary: `Request to ${where} failed: ${input.failure?.message ?? input.record.hint}`,
        likely_cause: input.record.hint,
        next_action: "Check that the URL is reachable from this machine",
        inspect: [...baseUrlSource(input), request],
        verify: [`apispec exec ${input.file} --env=${input.env} ${dryRun}`],
      };
  }
}
