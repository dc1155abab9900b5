/**
 * Runs a `## Messages` script over a WebSocket (Deno's own client, over the
 * run's HTTP client for a private CA, a client certificate, a proxy or
 * unverified TLS): connect with the request's headers (a subprotocol through
 * `Sec-WebSocket-Protocol`),
 * send each `> ` line, wait at most `max_ms` for each `< ` line and for the
 * `close:` line, then close. Bounded: at most `maxMessages` messages are
 * kept, and a message larger than `maxMessageBytes` ends the exchange with a
 * clear failure.
 */
import type { HttpResponse, MessageStep, StreamMessage } from "../engine/model.ts";
import type { NetworkFailure } from "../engine/diagnose/classify.ts";
import { VERSION } from "../version.ts";
import { INTERRUPTED } from "./http.ts";

/** The largest message apispec keeps: 16 MiB (Deno's client refuses more than 64 MiB itself). */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

export interface WsOptions {
  /** Until the connection is open. */
  timeoutMs: number;
  /** Each expectation (a message, the close) waits this long at most. */
  maxMs: number;
  maxMessages: number;
  maxMessageBytes?: number;
  /** Whether a message received meets an expected one (asked of every message: no messages written). */
  matches: (expected: string, actual: string) => boolean;
  /** The differences between an expected message and one received (`index` counts received messages). */
  differences: (expected: string, actual: string, index: number) => string[];
  /** No message besides the expected ones. */
  exact: boolean;
  /** The run's client (private CA, client certificate, proxy, unverified TLS's bridge). */
  client?: Deno.HttpClient;
  /** Ctrl-C: closes the socket at once, connecting or waiting (`interrupted`). */
  interrupt?: AbortSignal;
}

export interface WsResult {
  response?: HttpResponse;
  failure?: NetworkFailure;
  durationMs: number;
  /** Expectations of the script that were not met, as diff lines. */
  problems: string[];
}

/** `http(s)://` becomes `ws(s)://`, as a `{{baseUrl}}` of an HTTP API gives. */
export function webSocketUrl(url: string): string {
  return url.replace(/^http(s?):\/\//i, "ws$1://");
}

type Expectation = Exclude<MessageStep, { kind: "send" }>;

type Incoming = { kind: "message"; message: StreamMessage; index: number } | {
  kind: "close";
  code: number;
  reason: string;
};

/** Connects, runs the script and closes. */
export async function runWsScript(
  url: string,
  headers: [string, string][],
  steps: MessageStep[],
  options: WsOptions,
): Promise<WsResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const maxBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
  const protocols = headers.filter(([n]) => n.toLowerCase() === "sec-websocket-protocol")
    .flatMap(([, v]) => v.split(",").map((p) => p.trim()).filter(Boolean));
  const sent = new Headers(headers.filter(([n]) => n.toLowerCase() !== "sec-websocket-protocol"));
  if (!sent.has("user-agent")) sent.set("user-agent", `apispec/${VERSION}`);

  let socket: WebSocket;
  try {
    // Deno's WebSocket takes headers and a client (extensions of the web API).
    socket = new WebSocket(
      webSocketUrl(url),
      {
        headers: sent,
        protocols,
        ...(options.client ? { client: options.client } : {}),
      } as unknown as string[],
    );
  } catch (error) {
    return {
      failure: { kind: "other", message: (error as Error).message },
      durationMs: elapsed(),
      problems: [],
    };
  }
  socket.binaryType = "arraybuffer";

  const messages: StreamMessage[] = [];
  const queue: Incoming[] = [];
  let read = 0; // queued items already judged
  let pending: { step: Expectation; resolve: (met: boolean) => void } | undefined;
  let wake: (() => void) | undefined;
  let closed: { code: number; reason: string } | undefined;
  let failure: NetworkFailure | undefined;
  // Every socket event wakes the connection wait and judges queued messages at once, in the
  // event handler: a flood of messages costs no promise each.
  const notify = () => {
    wake?.();
    wake = undefined;
    drain();
  };
  socket.onmessage = (event) => {
    if (failure) return;
    const data = event.data;
    const size = typeof data === "string" ? data.length : (data as ArrayBuffer).byteLength;
    if (size > maxBytes) {
      failure = {
        kind: "too_large",
        message: `message ${messages.length} is ${
          Math.round(size / 1024 / 1024)
        } MiB; apispec reads messages up to ${maxBytes / 1024 / 1024} MiB`,
      };
      closeQuietly(socket, "message too big");
      notify();
      return;
    }
    if (messages.length >= options.maxMessages) {
      failure ??= {
        kind: "too_large",
        message: `more than ${options.maxMessages} messages came (stream.max_events)`,
      };
      closeQuietly(socket, "too many messages");
      notify();
      return;
    }
    const message: StreamMessage = {
      data: typeof data === "string" ? data : `[binary message: ${size} bytes]`,
      ms: elapsed(),
    };
    queue.push({ kind: "message", message, index: messages.length });
    messages.push(message);
    notify();
  };
  let opened = false;
  let connectError = "";
  socket.onerror = (event) => {
    connectError = (event as ErrorEvent).message ?? "WebSocket error";
    notify();
  };
  socket.onclose = (event) => {
    closed = { code: event.code, reason: event.reason };
    queue.push({ kind: "close", code: event.code, reason: event.reason });
    notify();
  };
  /** Waits for the next event of the socket (a message, the close, an error) or a timer. */
  const nextWake = () => new Promise<void>((resolve) => wake = resolve);
  /** Resolves once `ready()` holds or `ms` passed; true when it holds. */
  const waitFor = async (ms: number, ready: () => boolean): Promise<boolean> => {
    if (ready()) return true;
    const timer = AbortSignal.timeout(ms);
    let over = false;
    const onTimeout = () => {
      over = true;
      notify();
    };
    timer.addEventListener("abort", onTimeout, { once: true });
    try {
      while (!ready() && !over) await nextWake();
      return ready();
    } finally {
      timer.removeEventListener("abort", onTimeout);
    }
  };

  socket.onopen = () => {
    opened = true;
    notify();
  };
  const problems: string[] = [];
  const onInterrupt = () => {
    failure ??= INTERRUPTED;
    closeQuietly(socket, "interrupted");
    notify();
  };
  if (options.interrupt?.aborted) onInterrupt();
  options.interrupt?.addEventListener("abort", onInterrupt, { once: true });
  try {
    return await converse();
  } finally {
    options.interrupt?.removeEventListener("abort", onInterrupt);
  }

  async function converse(): Promise<WsResult> {
    await waitFor(
      options.timeoutMs,
      () => opened || closed !== undefined || connectError !== "" || failure !== undefined,
    );
    if (failure?.kind === "interrupted") {
      return { failure, durationMs: elapsed(), problems: [] };
    }
    if (!opened) {
      socket.onclose = null;
      try {
        socket.close();
      } catch { /* never opened */ }
      // The server answered the handshake with an HTTP status (401, 404...): that is its answer.
      const refused = /status code:?\s*(\d{3})/i.exec(connectError);
      if (refused) {
        return {
          response: { status: Number(refused[1]), reason: "", headers: [], body: "", messages: [] },
          durationMs: elapsed(),
          problems: [`messages: the server refused the WebSocket handshake with ${refused[1]}`],
        };
      }
      return {
        failure: connectFailure(connectError, closed !== undefined, elapsed() >= options.timeoutMs),
        durationMs: elapsed(),
        problems: [],
      };
    }

    try {
      for (const step of steps) {
        if (failure) break;
        if (step.kind === "send") {
          if (closed) {
            problems.push(
              `messages: cannot send line ${step.line}: the server closed (code ${closed.code})`,
            );
            break;
          }
          socket.send(step.text);
          continue;
        }
        if (!await expectStep(step)) break;
      }
    } finally {
      socket.onmessage = null;
      if (!closed) closeQuietly(socket);
    }
    if (failure) return { failure, durationMs: elapsed(), problems };
    return {
      response: {
        status: 101,
        reason: "Switching Protocols",
        headers: socket.protocol ? [["sec-websocket-protocol", socket.protocol]] : [],
        body: "",
        messages,
      },
      durationMs: elapsed(),
      problems,
    };
  }

  /** Waits (at most `max_ms`) until one expected message or the close settles it. */
  function expectStep(step: Expectation): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = AbortSignal.timeout(options.maxMs);
      const onTimeout = () => {
        if (pending?.step !== step) return;
        problems.push(
          step.kind === "close"
            ? `messages: expected the server to close with ${step.code} (line ${step.line}) within stream.max_ms (${options.maxMs} ms); it stayed open`
            : `messages: expected ${
              preview(step.text)
            } (line ${step.line}) within stream.max_ms (${options.maxMs} ms), not received; ${messages.length} received`,
        );
        settle(false);
      };
      timer.addEventListener("abort", onTimeout, { once: true });
      pending = {
        step,
        resolve: (met) => {
          timer.removeEventListener("abort", onTimeout);
          resolve(met);
        },
      };
      drain();
    });
  }

  function settle(met: boolean): void {
    const done = pending;
    pending = undefined;
    done?.resolve(met);
  }

  /** Judges queued messages against the pending expectation. */
  function drain(): void {
    while (pending) {
      if (failure) return settle(false);
      const incoming = queue[read];
      if (!incoming) return;
      read++;
      const verdict = judge(pending.step, incoming);
      if (verdict !== undefined) settle(verdict);
    }
  }

  /** True: the expectation is met; false: it failed; undefined: wait for the next message. */
  function judge(step: Expectation, incoming: Incoming): boolean | undefined {
    if (incoming.kind === "close") {
      if (step.kind === "close") {
        if (incoming.code !== step.code) {
          problems.push(
            `messages: expected close code ${step.code} (line ${step.line}), got ${incoming.code}${
              incoming.reason ? ` (${incoming.reason})` : ""
            }`,
          );
        }
        return true;
      }
      problems.push(
        `messages: expected ${
          preview(step.text)
        } (line ${step.line}), but the server closed (code ${incoming.code}${
          incoming.reason ? `, ${incoming.reason}` : ""
        })`,
      );
      return false;
    }
    if (step.kind === "close") {
      if (!options.exact) return undefined;
      problems.push(
        `messages[${incoming.index}]: unexpected message (stream.exact is true): ${
          preview(incoming.message.data)
        }`,
      );
      return false;
    }
    if (options.matches(step.text, incoming.message.data)) return true;
    if (!options.exact) return undefined;
    const differences = options.differences(step.text, incoming.message.data, incoming.index);
    problems.push(...differences.map((d) => `${d} (line ${step.line})`));
    return false;
  }
}

/** A client may close with 1000 or 3000-4999 only; the reason says why. */
function closeQuietly(socket: WebSocket, reason?: string): void {
  try {
    socket.close(1000, reason);
  } catch { /* already closing */ }
}

function preview(text: string): string {
  return JSON.stringify(text.length > 60 ? text.slice(0, 59) + "…" : text);
}

function connectFailure(message: string, closed: boolean, timedOut: boolean): NetworkFailure {
  if (timedOut && !message && !closed) {
    return { kind: "timeout", message: "the WebSocket handshake timed out" };
  }
  if (/refused|os error 111/i.test(message)) {
    return { kind: "refused", message: "connection refused" };
  }
  if (/dns|lookup|not known/i.test(message)) return { kind: "dns", message: "host not found" };
  if (/certificate|tls|ssl/i.test(message)) return { kind: "tls", message: "TLS handshake failed" };
  return {
    kind: "other",
    message: `the WebSocket handshake failed${message ? `: ${message}` : ""}`,
  };
}
