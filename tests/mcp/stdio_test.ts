/** The server's stdout carries JSON-RPC and nothing else, even when tools run and fail. */
import { assert, assertEquals } from "@std/assert";
import { baseEnv } from "../helpers/cli.ts";
import { demoProject } from "../helpers/demo.ts";
import { serverCommand } from "../helpers/mcp.ts";

Deno.test("stdout holds only JSON-RPC messages; the server exits 0 when stdin closes", async () => {
  await using demo = await demoProject();
  const { command, args } = serverCommand();
  const child = new Deno.Command(command, {
    args,
    cwd: demo.ws.dir,
    env: baseEnv(),
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const messages = [
    {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "raw", version: "1" },
      },
    },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", id: 2, method: "tools/list" },
    {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "apispec_exec", arguments: { spec_path: "apis/users/get-user-by-id.md" } },
    },
    {
      jsonrpc: "2.0",
      id: 4,
      method: "tools/call",
      params: {
        name: "apispec_exec",
        arguments: { spec_path: "apis/users/missing.md", verbose: true },
      },
    },
    { jsonrpc: "2.0", id: 5, method: "resources/list" },
    { jsonrpc: "2.0", id: 6, method: "no/such/method" },
  ];
  const writer = child.stdin.getWriter();
  const stdout = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  for (const message of messages) {
    await writer.write(new TextEncoder().encode(JSON.stringify(message) + "\n"));
    if (!("id" in message)) continue;
    // Wait for this request's answer before sending the next one.
    while (!text.split("\n").some((line) => line.includes(`"id":${message.id}`))) {
      const { value, done } = await stdout.read();
      if (done) break;
      text += value;
    }
  }
  await writer.close();
  for (;;) {
    const { value, done } = await stdout.read();
    if (done) break;
    text += value;
  }
  const { code } = await child.status;
  await child.stderr.cancel();
  assertEquals(code, 0);
  const lines = text.split("\n").filter((line) => line !== "");
  for (const line of lines) {
    const parsed = JSON.parse(line);
    assertEquals(parsed.jsonrpc, "2.0", line);
  }
  const ids = lines.map((line) => JSON.parse(line).id).filter((id) => id !== undefined);
  assertEquals(ids, [1, 2, 3, 4, 5, 6]);
  const unknown = JSON.parse(lines.find((l) => l.includes('"id":6'))!);
  assert(unknown.error, "an unknown method is a protocol error");
});
