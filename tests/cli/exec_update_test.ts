/**
 * `exec --update` through the real CLI against a real API: the expected
 * response is rewritten from the live one (status, listed headers, body),
 * secrets masked, everything else untouched, and the next exec passes.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { jsonResponse, startTestApi } from "../helpers/api.ts";
import { collectionFiles, workspace } from "../helpers/workspace.ts";

const SPEC = "api-docs/apis/users/get-user.md";
const TOKEN = "tkn-4f9a8b7c6d5e";
const GITHUB_TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";

const original = `---
resource: users
protocol: http
method: GET
path: /users/1
version: 1
auth: bearer
---

# Get a user

Reads one user. This prose stays.

## Request

\`\`\`http
GET {{baseUrl}}/users/1
Accept: application/json
\`\`\`

## Expected response

\`\`\`http
HTTP/1.1 200 OK
Content-Type: application/json
X-Gone: yes

{"id": 1, "name": "Ada", "email": "ada@example.com"}
\`\`\`

## Assertions

- body.id: exists

## Notes

Kept as written.
`;

Deno.test("exec --update rewrites the expected response; prose and assertions stay; the next exec passes", async () => {
  await using api = startTestApi((request) =>
    jsonResponse(
      {
        id: 1,
        name: "Ada Lovelace",
        role: "admin",
        echo: request.headers.get("authorization"),
        deployKey: GITHUB_TOKEN,
        note: `token is ${GITHUB_TOKEN}`,
      },
      201,
      { "x-request-id": "abc" },
    )
  );
  await using ws = await workspace(
    collectionFiles(api.url, { "apis/users/get-user.md": original }),
  );
  const env = { APISPEC_AUTH_TOKEN: TOKEN };
  const before = await apispec(["exec", SPEC], { cwd: ws.dir, env });
  assertEquals(before.code, 1, before.stderr);
  assertStringIncludes(before.stdout, `apispec exec ${SPEC} --update`);

  const update = await apispec(["exec", SPEC, "--update"], { cwd: ws.dir, env });
  assertEquals(update.code, 0, update.stdout + update.stderr);
  assertStringIncludes(update.stdout, "- HTTP/1.1 200 OK");
  assertStringIncludes(update.stdout, "+ HTTP/1.1 201 Created");
  assertStringIncludes(update.stdout, `Updated ## Expected response in ${SPEC}`);
  assertStringIncludes(update.stdout, "left out headers the response did not carry: X-Gone");

  const text = await ws.read(SPEC);
  const [head, rest] = text.split("## Expected response");
  assertEquals(head, original.split("## Expected response")[0]);
  assertEquals(rest.split("## Assertions")[1], original.split("## Assertions")[1]);
  assertStringIncludes(
    rest,
    '\n```http\nHTTP/1.1 201 Created\nContent-Type: application/json\n\n{"id":1,"name":"Ada Lovelace","role":"admin","echo":"****","deployKey":"****","note":"token is ****"}\n```\n',
  );
  assertEquals(text.includes(TOKEN) || text.includes(GITHUB_TOKEN), false);

  const after = await apispec(["exec", SPEC, "--output=json"], { cwd: ws.dir, env });
  assertEquals(after.code, 0, after.stdout + after.stderr);
  assertEquals(json(after).passed, true);
  const again = await apispec(["exec", SPEC, "--update"], { cwd: ws.dir, env });
  assertEquals(again.code, 0);
  assertStringIncludes(again.stdout, "already matches the response; nothing to write");
});

Deno.test("exec --update without a response writes nothing; with --dry-run it is a usage error", async () => {
  await using ws = await workspace(collectionFiles("http://127.0.0.1:9", {
    "apis/users/get-user.md": original,
  }));
  const env = { APISPEC_AUTH_TOKEN: TOKEN };
  const refused = await apispec(["exec", SPEC, "--update"], { cwd: ws.dir, env });
  assertEquals(refused.code, 4);
  assertStringIncludes(refused.stderr, "Nothing to update");
  assertEquals(await ws.read(SPEC), original);
  const usage = await apispec(["exec", SPEC, "--update", "--dry-run"], { cwd: ws.dir, env });
  assertEquals(usage.code, 2);
  assertStringIncludes(usage.stderr, "--update and --dry-run cannot be used together");
});

/** Runs the CLI on a pseudo-terminal (util-linux `script`), typing `input`. */
async function onTerminal(args: string[], cwd: string, env: Record<string, string>, input: string) {
  const { baseEnv, ROOT } = await import("../helpers/cli.ts");
  const command = [
    Deno.execPath(),
    "run",
    "-A",
    "--quiet",
    `--config=${ROOT}/deno.json`,
    `${ROOT}/main.ts`,
    ...args,
  ]
    .map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
  const child = new Deno.Command("script", {
    args: ["-qec", command, "/dev/null"],
    cwd,
    env: { ...baseEnv(), ...env },
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(input));
  await writer.close();
  const output = await child.output();
  return { code: output.code, stdout: new TextDecoder().decode(output.stdout) };
}

const hasScript = await new Deno.Command("script", {
  args: ["--version"],
  stdout: "null",
  stderr: "null",
})
  .output().then((o) => o.success, () => false);

Deno.test({
  name: "exec --update on a terminal shows the diff and writes only when confirmed",
  ignore: !hasScript,
  fn: async () => {
    await using api = startTestApi(() => jsonResponse({ id: 1, name: "Grace" }, 201));
    await using ws = await workspace(
      collectionFiles(api.url, { "apis/users/get-user.md": original }),
    );
    const env = { APISPEC_AUTH_TOKEN: TOKEN };
    const declined = await onTerminal(["exec", SPEC, "--update"], ws.dir, env, "n\n");
    assertStringIncludes(declined.stdout, "+ HTTP/1.1 201 Created");
    assertStringIncludes(declined.stdout, `Write this to ${SPEC}? [y/N]`);
    assertStringIncludes(declined.stdout, "Nothing was written.");
    assertEquals(declined.code, 1);
    assertEquals(await ws.read(SPEC), original);
    const accepted = await onTerminal(["exec", SPEC, "--update"], ws.dir, env, "y\n");
    assertEquals(accepted.code, 0, accepted.stdout);
    assertStringIncludes(await ws.read(SPEC), "HTTP/1.1 201 Created");
  },
});
