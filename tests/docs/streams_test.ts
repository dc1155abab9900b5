/**
 * The examples of docs/streams.md run as written: the chat-completion SSE file
 * against a loopback API that streams as OpenAI's does, the price-feed
 * WebSocket file against a `ws` server, with the page's environment file
 * pointed at them; then, as the page says, the same files pass against
 * `apispec mock` serving them.
 */
import { assertEquals } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import {
  readDocPage,
  runDocCommand,
  startDocServer,
  writeDocFiles,
} from "../helpers/doc_examples.ts";
import { startSseApi } from "../helpers/sse_api.ts";
import { startWsApi, WS_TOKEN } from "../helpers/ws_api.ts";
import { workspace } from "../helpers/workspace.ts";

const ENV = { APISPEC_OPENAI_KEY: "sk-test-123456", APISPEC_WS_TOKEN: WS_TOKEN };

Deno.test("every example of docs/streams.md runs against real SSE and WebSocket servers", async () => {
  const page = await readDocPage("docs/streams.md");
  const files = Object.keys(page.files);
  assertEquals(files.length, 3, `the page's files: ${files}`);
  assertEquals(page.commands.length >= 2, true, "the page shows how to run them");
  await using sse = startSseApi();
  await using ws = await startWsApi();
  const hosts = { "https://api.openai.com": sse.url, "wss://stream.example.com": ws.url };
  await using project = await workspace();
  await writeDocFiles(page, project.write, hosts);
  for (const command of page.commands) {
    await runDocCommand(command, { cwd: project.dir, env: ENV, hosts });
  }
  assertEquals(sse.prompts.length >= 1, true, "the SSE API was asked");
  assertEquals(ws.received.includes('{"type": "unsubscribe"}'), true, "the script ran to its end");

  // "So `exec` of the file against the mock passes, as it does against the API."
  const mock = page.commands.find((c) => c.args[0] === "mock");
  await using server = await startDocServer(
    mock ?? { line: "apispec mock", args: ["mock"], where: "docs/streams.md" },
    { cwd: project.dir },
  );
  for (const file of files.filter((f) => f.includes("/apis/"))) {
    const result = await apispec([
      "exec",
      file,
      `--var=baseUrl=${server.url}`,
      `--var=wsUrl=${server.url.replace("http", "ws")}`,
    ], { cwd: project.dir, env: ENV });
    assertEquals(result.code, 0, `${file} against the mock:\n${result.stdout}\n${result.stderr}`);
  }

  // The failure the page shows: its second event replaced by one the API never sends.
  const sample = page.blocks.find((b) => b.text.startsWith("FAIL  Stream a chat completion"))!;
  const second = 'data: {"choices": [{"delta": {}, "finish_reason": "stop"}]}';
  await project.write(
    "api-docs/apis/chat/post-chat.md",
    page.files["api-docs/apis/chat/post-chat.md"].replace(
      second,
      'data: {"choices": [{"delta": {"refusal": ""}}]}',
    ),
  );
  const failed = await apispec(["exec", "api-docs/apis/chat/post-chat.md"], {
    cwd: project.dir,
    env: ENV,
  });
  assertEquals(failed.code, 1, failed.stdout);
  const stable = (text: string) =>
    text.split("\n").filter((line) => /^(FAIL| {2}body)/.test(line)).join("\n");
  assertEquals(stable(failed.stdout), stable(sample.text));
});
