/**
 * BEYOND §9 "WebSocket" through the real CLI against a real WebSocket server
 * (the `ws` package): the request line `GET ws://...` with headers and a
 * subprotocol, the `## Messages` script (sends, expectations in order, the
 * close code), each expectation bounded by `stream.max_ms`, message captures
 * in a flow, and messages too large or too many.
 */
import { assert, assertEquals, assertLess, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { startWsApi, WS_TOKEN } from "../helpers/ws_api.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";
import { pricesSpec, SUBSCRIBE } from "../helpers/stream_specs.ts";

const SPEC = "api-docs/apis/prices/ws-prices.md";
const ENV = { APISPEC_WS_TOKEN: WS_TOKEN };

async function exec(url: string, files: Record<string, string>, args: string[] = [], env = ENV) {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    ...files,
    "_shared/env.md": `## dev\n\n\`\`\`yaml\nwsUrl: ${url}\n\`\`\`\n`,
  }));
  return await apispec(["exec", SPEC, "--output=json", ...args], { cwd: ws.dir, env });
}

Deno.test("a ws script: headers and subprotocol at the handshake, sends, expected messages, the close code", async () => {
  await using api = await startWsApi();
  const result = await exec(api.url, {
    "apis/prices/ws-prices.md": pricesSpec(SUBSCRIBE, {
      extra: "\n## Assertions\n\n- messages.count: 5\n- messages[0].user: ada\n" +
        "- messages[3].price: > 100\n- messages.last.seq: 3\n- headers.sec-websocket-protocol: prices.v1\n",
    }),
  }, ["--strict-assertions", "--verbose"]);
  assertEquals(result.code, 0, result.stdout + result.stderr);
  const record = json(result);
  assertEquals(record.status, 101);
  assertEquals(record.messages_received, 5);
  assertEquals(api.received, ['{"type": "subscribe", "channel": "prices"}', "bye"]);
  assertEquals(api.handshakes[0]["sec-websocket-protocol"], "prices.v1");
  // The token went to the server and nowhere else.
  assert(!result.stdout.includes(WS_TOKEN), "the token is masked");
});

Deno.test("a message that differs, the wrong close code, and exact mode fail with the script's line", async () => {
  await using api = await startWsApi();
  const wrongValue = await exec(api.url, {
    "apis/prices/ws-prices.md": pricesSpec(
      SUBSCRIBE.replace('"symbol": "BTC"', '"symbol": 7').replace("close: 4000", "close: 1000"),
      { stream: "stream:\n  max_ms: 500" },
    ),
  });
  assertEquals(wrongValue.code, 1, wrongValue.stdout);
  const body = (json(wrongValue).diff as { body: string }).body;
  // Shape mode skips the messages that differ and waits for one that matches, up to max_ms.
  assertStringIncludes(body, "(line 26) within stream.max_ms (500 ms), not received");

  const wrongClose = await exec(api.url, {
    "apis/prices/ws-prices.md": pricesSpec(SUBSCRIBE.replace("close: 4000", "close: 1000")),
  });
  assertEquals(wrongClose.code, 1);
  assertStringIncludes(
    (json(wrongClose).diff as { body: string }).body,
    "expected close code 1000 (line 28), got 4000 (bye)",
  );

  const exact = await exec(api.url, {
    "apis/prices/ws-prices.md": pricesSpec(
      '> {"type": "subscribe", "channel": "prices"}\n< {"type": "subscribed", "channel": "prices"}',
      { stream: "stream:\n  exact: true" },
    ),
  });
  assertEquals(exact.code, 1);
  assertStringIncludes(
    (json(exact).diff as { body: string }).body,
    "messages[0].channel: expected string, got missing (line 24)",
  );
});

Deno.test("each expectation waits stream.max_ms at most; text messages compare exactly", async () => {
  await using api = await startWsApi();
  const started = performance.now();
  const result = await exec(api.url, {
    "apis/prices/ws-prices.md": pricesSpec(
      '< {"type": "welcome"}\n> hello\n< echo: hello\n> silence\n< {"type": "never"}',
      { stream: "stream:\n  max_ms: 400" },
    ),
  });
  assertLess(performance.now() - started, 10_000);
  assertEquals(result.code, 1, result.stdout);
  const record = json(result);
  assertEquals(record.messages_received, 2);
  assertStringIncludes(
    (record.diff as { body: string }).body,
    'expected "{\\"type\\": \\"never\\"}" (line 27) within stream.max_ms (400 ms)',
  );
});

Deno.test("a refused handshake (401) is the server's answer: AUTH_FAILED; no server is NETWORK_ERROR", async () => {
  await using api = await startWsApi();
  const result = await exec(
    api.url,
    {
      "apis/prices/ws-prices.md": pricesSpec(SUBSCRIBE),
    },
    [],
    { APISPEC_WS_TOKEN: "wrong-token-000" },
  );
  assertEquals(result.code, 1, result.stdout);
  const record = json(result);
  assertEquals(record.status, 401);
  assertEquals(record.error_type, "AUTH_FAILED");
  assertEquals(api.received, []);
  const none = await exec("ws://127.0.0.1:9", {
    "apis/prices/ws-prices.md": pricesSpec(SUBSCRIBE),
  });
  assertEquals(none.code, 4, none.stdout);
  assertEquals(json(none).error_type, "NETWORK_ERROR");
});

Deno.test("a huge message and a flood are refused: the exchange stops with a clear failure", async () => {
  await using api = await startWsApi();
  const huge = await exec(api.url, {
    "apis/prices/ws-prices.md": pricesSpec('< {"type": "welcome"}\n> huge\n< x'),
  });
  assertEquals(huge.code, 4, huge.stderr);
  assertStringIncludes(JSON.stringify(json(huge)), "apispec reads messages up to 16 MiB");

  const flood = await exec(api.url, {
    "apis/prices/ws-prices.md": pricesSpec('< {"type": "welcome"}\n> flood\n< {"never": true}', {
      stream: "stream:\n  max_events: 200\n  max_ms: 10000",
    }),
  });
  assertEquals(flood.code, 4, flood.stdout);
  assertStringIncludes(
    JSON.stringify(json(flood)),
    "more than 200 messages came (stream.max_events)",
  );
});

Deno.test("a flow captures response.messages[<n>].<path> for a later step", async () => {
  await using api = await startWsApi();
  const second = pricesSpec('< {"type": "welcome"}\n> {{user}}-{{lastPrice}}\n< echo: ada-99.75', {
    extra: "",
  }).replace("---\n# Price feed", "standalone: false\n---\n# Echo");
  const flow = `---
type: pipeline
name: prices
---
# Prices

## Steps

1. **Subscribe** -> \`apis/prices/ws-prices.md\`
   - Capture: \`response.messages[0].user\` as \`user\`
   - Capture: \`response.messages.last.price\` as \`lastPrice\`
   - Assert: \`messages.count: 5\`
2. **Echo** -> \`apis/prices/ws-echo.md\`
`;
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/prices/ws-prices.md": pricesSpec(
      SUBSCRIBE.replace('< {"type": "price", "symbol": "BTC", "price": 1.5}', '< {"seq": 3}'),
    ),
    "apis/prices/ws-echo.md": second,
    "flows/prices.md": flow,
    "_shared/env.md": `## dev\n\n\`\`\`yaml\nwsUrl: ${api.url}\n\`\`\`\n`,
  }));
  const result = await apispec(["flow", "api-docs/flows/prices.md", "--output=json"], {
    cwd: ws.dir,
    env: ENV,
  });
  assertEquals(result.code, 0, result.stdout + result.stderr);
  assert(api.received.includes("ada-99.75"), JSON.stringify(api.received));
});

Deno.test("validate: script lines, close codes and a ws file without a script are errors with lines", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/prices/ws-prices.md": pricesSpec("> hi\nsend hi\nclose: 99\n< late"),
    "apis/prices/ws-none.md": pricesSpec("").replace(/## Messages[\s\S]*$/, ""),
  }));
  const result = await apispec(["validate", "api-docs"], { cwd: ws.dir });
  assertEquals(result.code, 2);
  const out = result.stdout + result.stderr;
  assertStringIncludes(out, 'Cannot read script line "send hi"');
  assertStringIncludes(out, "ws-prices.md:24");
  assertStringIncludes(out, 'Close code "99" is not a WebSocket close code');
  assertStringIncludes(out, 'A protocol: ws file needs a "## Messages" section');
});
