/**
 * The mock's answers for stream files: a `protocol: sse` file streams its
 * `## Expected events` (with `stream.every` between them), a `protocol: ws`
 * file upgrades the connection and plays its `## Messages` script from the
 * server's side (the `<` lines before the first `>` on open, then for each
 * message received the `<` lines that follow the next `>`, and `close:` as
 * written). Placeholders take the matched path parameters and the file's vars.
 */
import type { EndpointSpec, ExpectedEvent, MessageStep } from "../engine/model.ts";
import { fillBody, fillTemplate } from "./response.ts";

const encoder = new TextEncoder();

/** One event in the event-stream format. */
export function eventText(event: ExpectedEvent, values: Record<string, string>): string {
  const lines: string[] = [];
  if (event.event !== undefined) lines.push(`event: ${fillTemplate(event.event, values)}`);
  if (event.id !== undefined) lines.push(`id: ${fillTemplate(event.id, values)}`);
  const data = fillBody(event.data, values, /^\s*[[{]/.test(event.data));
  for (const line of data.split("\n")) lines.push(`data: ${line}`);
  return lines.join("\n") + "\n\n";
}

/** An event stream of the file's expected events, `stream.every` apart. */
export function sseResponse(
  spec: EndpointSpec,
  values: Record<string, string>,
  headers: [string, string][],
): Response {
  const events = spec.events?.expected ?? [];
  const every = spec.stream?.everyMs ?? 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const [index, event] of events.entries()) {
        if (cancelled) return;
        if (index > 0 && every > 0) await pause(every);
        if (cancelled) return;
        controller.enqueue(encoder.encode(eventText(event, values)));
      }
      controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  const list = headers.filter(([name]) => !/^content-type$/i.test(name));
  list.push(["content-type", "text/event-stream"], ["cache-control", "no-cache"]);
  return new Response(body, { status: 200, headers: list });
}

// AbortSignal.timeout, not setTimeout: Deno's setTimeout is Node's (a cold start cost).
function pause(ms: number): Promise<void> {
  return new Promise((resolve) =>
    AbortSignal.timeout(ms).addEventListener("abort", () => resolve(), { once: true })
  );
}

/** The server's side of a ws script: what to send on open, and after each message received. */
export interface ServerScript {
  onOpen: string[];
  /** For the n-th message received: what to send back, then the close code if one follows. */
  replies: { send: string[]; close?: number }[];
  /** A close right after opening (a script that starts with `close:`). */
  closeOnOpen?: number;
}

/**
 * Turns a client script into the server's: each `>` starts a reply made of
 * the `<` lines after it, and a `close:` ends the reply it follows.
 *
 * @example
 * ```ts
 * import { serverScript } from "./streams.ts";
 * serverScript([
 *   { kind: "expect", text: "hello", line: 1 },
 *   { kind: "send", text: "ping", line: 2 },
 *   { kind: "expect", text: "pong", line: 3 },
 *   { kind: "close", code: 1000, line: 4 },
 * ]); // {onOpen: ["hello"], replies: [{send: ["pong"], close: 1000}]}
 * ```
 */
export function serverScript(steps: MessageStep[]): ServerScript {
  const script: ServerScript = { onOpen: [], replies: [] };
  for (const step of steps) {
    const current = script.replies.at(-1);
    if (step.kind === "send") script.replies.push({ send: [] });
    else if (step.kind === "expect") (current ? current.send : script.onOpen).push(step.text);
    else if (current) current.close = step.code;
    else script.closeOnOpen = step.code;
  }
  return script;
}

/** Upgrades the request and plays the file's script; a request that is no upgrade gets 426. */
export function wsResponse(
  request: Request,
  spec: EndpointSpec,
  values: Record<string, string>,
): Response {
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
    return new Response(
      JSON.stringify({
        title: "WebSocket endpoint",
        detail: `${spec.file} is a protocol: ws endpoint; connect with a WebSocket client`,
      }),
      { status: 426, headers: { "content-type": "application/json", upgrade: "websocket" } },
    );
  }
  const offered = (request.headers.get("sec-websocket-protocol") ?? "").split(",")
    .map((p) => p.trim()).filter(Boolean);
  const { socket, response } = Deno.upgradeWebSocket(
    request,
    offered.length ? { protocol: offered[0] } : {},
  );
  const script = serverScript(spec.messages?.steps ?? []);
  const fill = (text: string) => fillBody(text, values, /^\s*[[{]/.test(text));
  let received = 0;
  // A server may close with codes a client may not (1001-2999); Deno refuses some of them.
  const close = (code: number) => {
    try {
      socket.close(code);
    } catch {
      socket.close(1000);
    }
  };
  socket.onopen = () => {
    for (const text of script.onOpen) socket.send(fill(text));
    if (script.closeOnOpen !== undefined) close(script.closeOnOpen);
  };
  socket.onmessage = () => {
    const reply = script.replies[received++];
    if (!reply) return;
    for (const text of reply.send) socket.send(fill(text));
    if (reply.close !== undefined) close(reply.close);
  };
  socket.onerror = () => {};
  return response;
}
