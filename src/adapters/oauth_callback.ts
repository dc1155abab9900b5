/**
 * The loopback redirect of the authorization-code grant (RFC 8252 §7.3): a
 * one-request server on 127.0.0.1 and a free port, which takes the code
 * (or the error) the authorization server sends the browser back with.
 */

export interface CallbackResult {
  code?: string;
  state?: string;
  error?: string;
  errorDescription?: string;
}

export interface Callback {
  redirectUri: string;
  /** The first answer on `/callback`; undefined after `timeoutMs`. */
  result: Promise<CallbackResult | undefined>;
  close(): Promise<void>;
}

const PAGE = (text: string) =>
  `<!doctype html><meta charset="utf-8"><title>apispec</title>` +
  `<body style="font:16px system-ui;margin:3em">${text}</body>`;

export function listenForCallback(timeoutMs: number): Callback {
  let deliver: (result: CallbackResult | undefined) => void = () => {};
  const result = new Promise<CallbackResult | undefined>((resolve) => deliver = resolve);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    const url = new URL(request.url);
    if (url.pathname !== "/callback") return new Response("Not found", { status: 404 });
    const found: CallbackResult = {};
    for (
      const [name, key] of [["code", "code"], ["state", "state"], ["error", "error"], [
        "error_description",
        "errorDescription",
      ]] as const
    ) {
      const value = url.searchParams.get(name);
      if (value !== null) found[key] = value;
    }
    deliver(found);
    const text = found.code
      ? "Signed in. You can close this window and go back to the terminal."
      : "Sign-in did not complete; the terminal says why.";
    return new Response(PAGE(text), { headers: { "content-type": "text/html; charset=utf-8" } });
  });
  const timer = setTimeout(() => deliver(undefined), timeoutMs);
  return {
    redirectUri: `http://127.0.0.1:${server.addr.port}/callback`,
    result: result.finally(() => clearTimeout(timer)),
    close: async () => {
      clearTimeout(timer);
      await server.shutdown();
    },
  };
}

/** Opens a URL in the system's browser; false when nothing could be started. */
export async function openInBrowser(url: string): Promise<boolean> {
  const command = Deno.build.os === "darwin"
    ? ["open", url]
    : Deno.build.os === "windows"
    ? ["rundll32", "url.dll,FileProtocolHandler", url]
    : ["xdg-open", url];
  try {
    const child = new Deno.Command(command[0], {
      args: command.slice(1),
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
    return (await child.status).success;
  } catch {
    return false;
  }
}
