/**
 * Reading streams: 10,000 server-sent events and 10,000 WebSocket messages
 * through apispec's transports (`src/adapters/sse.ts` with eventsource-parser,
 * `src/adapters/ws.ts` running a script that waits for the last message) against a
 * bare Deno reader of the same stream (fetch + TextDecoder + splitting on blank
 * lines; a WebSocket counting messages). The server runs in its own process.
 * Interleaved rounds, medians. Target: ≤ 1.3x the bare reader.
 *
 * Run: `deno task bench streams`.
 */
import { interleave, loadNote, median, timeItAsync, verdict } from "./_measure.ts";
import { readEventStream } from "../src/adapters/sse.ts";
import { runWsScript } from "../src/adapters/ws.ts";
import { dataMatches, matchData } from "../src/engine/streams/match.ts";

const COUNT = 10_000;
const ROUNDS = 15;
const TARGET = 1.3;

const child = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", "--quiet", new URL("./_stream_server.ts", import.meta.url).pathname],
  stdout: "piped",
  stderr: "inherit",
}).spawn();
const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
const base = (await reader.read()).value!.trim();
const sseUrl = `${base}/sse?n=${COUNT}`;
const wsUrl = `${base.replace("http", "ws")}/ws`;

async function bareSse(): Promise<number> {
  const response = await fetch(sseUrl);
  const decoder = new TextDecoder();
  let buffer = "";
  let count = 0;
  for await (const chunk of response.body!) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      // The least a reader of events does: split the event into lines and keep its data.
      const data = buffer.slice(0, end).split("\n").filter((line) => line.startsWith("data: "))
        .map((line) => line.slice(6)).join("\n");
      buffer = buffer.slice(end + 2);
      if (data) count++;
    }
  }
  return count;
}

async function apispecSse(): Promise<number> {
  const sent = await readEventStream(
    { method: "GET", url: sseUrl, headers: [] },
    { timeoutMs: 10_000, maxEvents: 100_000, maxMs: 60_000 },
  );
  return sent.response!.events!.length;
}

function bareWs(): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(wsUrl);
    let count = 0;
    socket.onopen = () => socket.send(`many ${COUNT}`);
    socket.onmessage = (event) => {
      count++;
      if (event.data === "END") socket.close();
    };
    socket.onclose = () => resolve(count);
  });
}

async function apispecWs(): Promise<number> {
  const result = await runWsScript(wsUrl, [], [
    { kind: "send", text: `many ${COUNT}`, line: 1 },
    { kind: "expect", text: "END", line: 2 },
  ], {
    timeoutMs: 10_000,
    maxMs: 60_000,
    maxMessages: 100_000,
    exact: false,
    matches: (expected, actual) => dataMatches(expected, actual, { match: "shape" }),
    differences: (expected, actual, index) =>
      matchData(expected, actual, `messages[${index}]`, { match: "shape" }),
  });
  if (result.problems.length) throw new Error(result.problems.join("\n"));
  return result.response!.messages!.length;
}

const timed = (fn: () => Promise<number>, expect: number) => async () => {
  let got = 0;
  const sample = await timeItAsync(async () => {
    got = await fn();
  });
  if (got < expect) throw new Error(`read ${got} of ${expect}`);
  return sample;
};

try {
  // Warm both paths (module compilation, the server's cache).
  await bareSse();
  await apispecSse();
  await bareWs();
  await apispecWs();
  const runs = await interleave({
    "bare SSE reader": timed(bareSse, COUNT),
    "apispec SSE": timed(apispecSse, COUNT),
    "bare WebSocket": timed(bareWs, COUNT),
    "apispec WebSocket": timed(apispecWs, COUNT),
  }, ROUNDS);
  const wall = (name: string) => median(runs[name].map((s) => s.wallMs));
  const cpu = (name: string) => median(runs[name].map((s) => s.cpuMs));
  console.log(`streams_bench: ${COUNT} events / messages, ${ROUNDS} rounds ${loadNote()}`);
  for (
    const [floor, ours] of [["bare SSE reader", "apispec SSE"], [
      "bare WebSocket",
      "apispec WebSocket",
    ]]
  ) {
    const ratio = wall(ours) / wall(floor);
    console.log(
      `  ${ours.padEnd(18)} ${wall(ours).toFixed(1)} ms (cpu ${cpu(ours).toFixed(1)} ms) vs ` +
        `${floor} ${wall(floor).toFixed(1)} ms (cpu ${cpu(floor).toFixed(1)} ms): ` +
        `${ratio.toFixed(2)}x, cpu ${(cpu(ours) / cpu(floor)).toFixed(2)}x; target ≤ ${TARGET}x: ${
          verdict(ratio, TARGET)
        }`,
    );
  }
} finally {
  child.kill();
  await child.status;
}
