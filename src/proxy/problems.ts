/**
 * The proxy's own answers, as RFC 9457 problems (`application/problem+json`):
 * the target could not be reached, a request came back to the proxy, or a
 * control route was called with the wrong method.
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
