/**
 * The proxy's own answers, as RFC 9457 problems (`application/problem+json`):
 * the target could not be reached or answered what HTTP does not allow, a
 * request came back to the proxy, a web page of another site (or a
 * rebound DNS name) tried to use it, or a control route was called with the
 * wrong method.
 */
import type { NetworkFailure } from "../engine/diagnose/classify.ts";

function problem(
  status: number,
  kind: string,
  title: string,
  detail: string,
  headers: Record<string, string> = {},
): Response {
  const body = { type: `urn:apispec:proxy:${kind}`, title, status, detail };
  return new Response(JSON.stringify(body, null, 2), {
    status,
    headers: { "content-type": "application/problem+json", ...headers },
  });
}

/** 502 (504 for a timeout): the target did not answer. */
export function badGateway(target: string, failure: NetworkFailure): Response {
  const timeout = failure.kind === "timeout";
  return problem(
    timeout ? 504 : 502,
    timeout ? "target-timeout" : "target-unreachable",
    timeout ? "The target did not answer in time" : "The target cannot be reached",
    `${target}: ${failure.message}`,
  );
}

/** 508: the request carries this proxy's own Via token, so the target points back at the proxy. */
export function loopDetected(target: string): Response {
  return problem(
    508,
    "loop-detected",
    "The request came back to the proxy",
    `--target ${target} leads back to this proxy; point it at the API instead`,
  );
}

export function proxyMethodNotAllowed(path: string): Response {
  return problem(
    405,
    "method-not-allowed",
    "This route of the proxy takes GET",
    `${path} takes GET`,
    {
      allow: "GET, HEAD",
    },
  );
}

/** 403: the Host names this machine under a foreign name (DNS rebinding). */
export function forbiddenHost(host: string | null): Response {
  return problem(
    403,
    "forbidden-host",
    "This proxy answers only to its own address",
    `Host ${JSON.stringify((host ?? "").slice(0, 200))} is not served here; ` +
      "send requests to http://127.0.0.1:<port> or http://localhost:<port>",
  );
}

/** 403: a page of another site sent the request; nothing was forwarded nor recorded. */
export function crossSiteRefused(reason: string): Response {
  return problem(
    403,
    "cross-site",
    "This proxy does not take requests from pages of other sites",
    `${reason}; run the front end on localhost, or call the proxy from a script`,
  );
}
