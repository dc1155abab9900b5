/**
 * A real preview server on 127.0.0.1 (its socket, its guards, its watcher)
 * over a real workspace, with a client that holds the write cookie the page
 * sets, as a browser would.
 */
import { type PreviewServer, startPreview } from "../../src/preview/serve.ts";
import { systemContext } from "../../src/adapters/system.ts";
import { type DemoProject, demoProject } from "./demo.ts";

export interface TestPreview extends AsyncDisposable {
  server: PreviewServer;
  url: string;
  /** `name=value` of the write cookie, taken from `GET /`. */
  cookie: string;
  /** fetch with the cookie (and any extra headers). */
  call(path: string, init?: RequestInit): Promise<Response>;
  /** JSON body with the cookie; resolves to the status and parsed body. */
  send(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
}

export async function startTestPreview(
  dir: string,
  options: { mock?: boolean; env?: Record<string, string>; host?: string } = {},
): Promise<TestPreview> {
  const base = systemContext();
  const { server, issues } = await startPreview({
    path: dir,
    host: options.host ?? "127.0.0.1",
    port: 0,
    mock: options.mock ?? false,
    ctx: { ...base, cwd: dir, env: { ...cleanEnv(base.env), ...options.env } },
  });
  if (!server) throw new Error(`preview did not start: ${JSON.stringify(issues)}`);
  const url = `http://127.0.0.1:${server.port}`;
  const page = await fetch(`${url}/`);
  await page.body?.cancel();
  const cookie = (page.headers.get("set-cookie") ?? "").split(";")[0];
  const call = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has("cookie")) headers.set("cookie", cookie);
    return fetch(`${url}${path}`, { ...init, headers });
  };
  return {
    server,
    url,
    cookie,
    call,
    async send(method, path, body) {
      const response = await call(path, {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : {} };
    },
    [Symbol.asyncDispose]: () => server.close(),
  };
}

/** No APISPEC_ variables of the host leak into the server's runs. */
function cleanEnv(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(([k]) => !k.startsWith("APISPEC_") && !k.startsWith("ALTSPEC_")),
  );
}

/** The demo collection and API (`demoProject`) with a preview server over them. */
export async function demoPreview(
  options: { mock?: boolean } = {},
): Promise<DemoProject & { preview: TestPreview }> {
  const project = await demoProject();
  const preview = await startTestPreview(project.ws.dir, {
    mock: options.mock,
    env: { APISPEC_AUTH_TOKEN: project.api.token },
  });
  return {
    ...project,
    preview,
    async [Symbol.asyncDispose]() {
      await preview[Symbol.asyncDispose]();
      await project[Symbol.asyncDispose]();
    },
  };
}
