/**
 * A real HTTP server on 127.0.0.1 as the API under test. It records every
 * request, so tests can prove that nothing was sent.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface TestApi extends AsyncDisposable {
  url: string;
  port: number;
  requests: RecordedRequest[];
}

export function startTestApi(
  handler: (request: Request, body: string) => Response | Promise<Response>,
): TestApi {
  const requests: RecordedRequest[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (request) => {
      const url = new URL(request.url);
      const body = await request.text();
      requests.push({
        method: request.method,
        path: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        body,
      });
      return await handler(request, body);
    },
  );
  const port = (server.addr as Deno.NetAddr).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** A free loopback port with nothing listening on it. */
export function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/**
 * Waits for `event` at most `ms`; true when the time ran out. Test APIs hold a
 * request with it until another one arrives, so only overlapping requests pass.
 */
export async function timedOut(event: Promise<unknown>, ms = 5000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => timer = setTimeout(() => resolve(true), ms));
  try {
    return await Promise.race([event.then(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}
