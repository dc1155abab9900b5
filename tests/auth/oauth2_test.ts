/**
 * OAuth 2.0 against a certified OpenID provider (oidc-provider) started by
 * the test: client credentials with the token cache (0600 file in the
 * user's cache folder, one token request for many runs, --no-token-cache,
 * one retry on 401), the authorization-code grant with PKCE through its
 * login page in Chromium, refresh, `apispec auth status|logout`, and the
 * errors §8 names. No token or secret reaches an output or the project.
 */
import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, baseEnv, json, ROOT } from "../helpers/cli.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { APP, MACHINE, oauthApi, startOidc } from "../helpers/oidc.ts";
import { CHROMIUM, launchChromium, skipMessage } from "../helpers/browser.ts";

skipMessage("the authorization-code test");
import { flowFile } from "../flow/helpers.ts";
import { startMcp } from "../helpers/mcp.ts";

const CLIENT_CREDENTIALS = (tokenUrl: string) =>
  `---\nname: test\nversion: 1\nauth: oauth2\noauth2:\n  grant: client_credentials\n` +
  `  tokenUrl: ${tokenUrl}\n  clientId: ${MACHINE.id}\n  clientSecret: "{{clientSecret}}"\n` +
  `  scope: api:read\n---\n`;

const AUTH_CODE = (oidc: { tokenUrl: string; authUrl: string }) =>
  `---\nname: test\nversion: 1\nauth: oauth2\noauth2:\n  grant: authorization_code\n` +
  `  tokenUrl: ${oidc.tokenUrl}\n  authUrl: ${oidc.authUrl}\n  clientId: ${APP.id}\n` +
  `  scope: openid\n---\n`;

const ok = 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"ok": true}';

async function project(apiUrl: string, projectMd: string) {
  const ws = await workspace(collectionFiles(apiUrl, {
    "project.md": projectMd,
    "apis/things/get-things.md": endpoint({ path: "/things", resource: "things", expected: ok }),
    "apis/things/get-thing.md": endpoint({ path: "/things/1", resource: "things", expected: ok }),
    "apis/other/get-other.md": endpoint({ path: "/other", resource: "other", expected: ok }),
    "flows/both.md": flowFile([
      { name: "List", endpoint: "apis/things/get-things.md" },
      { name: "Other", endpoint: "apis/other/get-other.md" },
    ]),
    ".env.local": `clientSecret=${MACHINE.secret}\n`,
  }));
  const cache = await Deno.makeTempDir({ prefix: "apispec-cache-" });
  const env = { XDG_CACHE_HOME: cache };
  return {
    ws,
    env,
    cache,
    run: (args: string[], extra: Record<string, string> = {}) =>
      apispec(args, { cwd: ws.dir, env: { ...env, ...extra } }),
    [Symbol.asyncDispose]: async () => {
      await ws[Symbol.asyncDispose]();
      await Deno.remove(cache, { recursive: true });
    },
  };
}

/** Every file under a folder, for the "nothing secret was written" checks. */
async function filesUnder(dir: string): Promise<string[]> {
  const texts: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) texts.push(...await filesUnder(path));
    else if (entry.name !== ".env.local") texts.push(await Deno.readTextFile(path));
  }
  return texts;
}

function assertAbsent(secrets: string[], texts: string[]) {
  for (const secret of secrets) {
    for (const text of texts) assertEquals(text.includes(secret), false, `"${secret}" leaked`);
  }
}

Deno.test("client credentials: one token request, then the cache (0600, outside the project)", async () => {
  await using oidc = await startOidc();
  await using api = oauthApi(oidc);
  await using p = await project(api.url, CLIENT_CREDENTIALS(oidc.tokenUrl));
  const outputs: string[] = [];
  const first = await p.run(["exec", "api-docs/apis/things/get-things.md", "--output=json", "-v"]);
  outputs.push(first.stdout, first.stderr);
  assertEquals(first.code, 0, first.stdout + first.stderr);
  assertEquals(oidc.tokenRequests, ["client_credentials"]);
  const second = await p.run(["exec", "api-docs/apis/things/get-things.md"]);
  assertEquals(second.code, 0, second.stdout + second.stderr);
  assertEquals(oidc.tokenRequests.length, 1, "the second run used the cached token");

  // The cache: one private file in a private folder of the user's cache, none in the project.
  const dir = `${p.cache}/apispec/tokens`;
  const files = [...Deno.readDirSync(dir)];
  assertEquals(files.length, 1);
  assertEquals(Deno.statSync(dir).mode! & 0o777, 0o700);
  assertEquals(Deno.statSync(`${dir}/${files[0].name}`).mode! & 0o777, 0o600);

  // --no-token-cache: a token request of its own, and the cached file left as it was.
  const cached = Deno.readTextFileSync(`${dir}/${files[0].name}`);
  const fresh = await p.run(["exec", "api-docs/apis/things/get-things.md", "--no-token-cache"]);
  assertEquals(fresh.code, 0, fresh.stdout + fresh.stderr);
  assertEquals(oidc.tokenRequests.length, 2);
  assertEquals(Deno.readTextFileSync(`${dir}/${files[0].name}`), cached);

  // status shows grant, scope and expiry, never the token; logout deletes it.
  const status = await p.run(["auth", "status", "--output=json"]);
  const tokens = json<{ tokens: Record<string, unknown>[] }>(status).tokens;
  assertEquals(tokens.length, 1);
  assertEquals([tokens[0].env, tokens[0].grant, tokens[0].scope], [
    "dev",
    "client_credentials",
    "api:read",
  ]);
  assert(typeof tokens[0].expires_at === "string" && (tokens[0].expires_in as number) > 500);
  outputs.push(status.stdout, (await p.run(["auth", "status"])).stdout);
  assertEquals((await p.run(["auth", "logout", "--env", "dev"])).code, 0);
  assertEquals([...Deno.readDirSync(dir)].length, 0);

  const issuedTokens = api.seen.filter((t) => t !== "-");
  assertAbsent([MACHINE.secret, ...issuedTokens], [...outputs, ...await filesUnder(p.ws.dir)]);
});

Deno.test("a token the API refuses (401) is fetched again once; check shares one token", async () => {
  await using oidc = await startOidc();
  await using api = oauthApi(oidc);
  await using p = await project(api.url, CLIENT_CREDENTIALS(oidc.tokenUrl));
  assertEquals((await p.run(["exec", "api-docs/apis/things/get-things.md"])).code, 0);
  api.revokeSeen();
  const again = await p.run(["exec", "api-docs/apis/things/get-things.md", "--output=json"]);
  assertEquals(again.code, 0, again.stdout);
  assertEquals(oidc.tokenRequests.length, 2);

  // check of three endpoints and a flow: one token for all of them (the cache's).
  api.revokeSeen();
  await p.run(["auth", "logout"]);
  const check = await p.run(["check", "api-docs"]);
  assertEquals(check.code, 0, check.stdout + check.stderr);
  assertEquals(oidc.tokenRequests.length, 3);
  const flow = await p.run(["flow", "api-docs/flows/both.md"]);
  assertEquals(flow.code, 0, flow.stdout + flow.stderr);
  const request = await p.run(["request", "GET", "/things", "--output=json"]);
  assertEquals(json<{ response: { status: number } }>(request).response.status, 200);
  await using mcp = await startMcp({ cwd: p.ws.dir, env: p.env });
  const record = await mcp.call<{ passed: boolean }>("apispec_exec", {
    spec_path: "api-docs/apis/other/get-other.md",
  });
  assertEquals(record.passed, true, JSON.stringify(record));
  assertEquals(oidc.tokenRequests.length, 3, "flow, request and MCP used the cached token");
  const tokens = api.seen.filter((t) => t !== "-");
  assertAbsent([MACHINE.secret, ...tokens], [
    check.stdout,
    flow.stdout,
    request.stdout,
    JSON.stringify(record),
  ]);
});

Deno.test("a refusing token endpoint is AUTH_FAILED (exit 1); an unreachable one NETWORK_ERROR (exit 4)", async () => {
  await using oidc = await startOidc();
  await using api = oauthApi(oidc);
  await using p = await project(api.url, CLIENT_CREDENTIALS(oidc.tokenUrl));
  const bad = await p.run([
    "exec",
    "api-docs/apis/things/get-things.md",
    "--output=json",
    "--var",
    "clientSecret=not-the-secret-8f7e6d",
  ]);
  assertEquals(bad.code, 1, bad.stdout + bad.stderr);
  const record = json<{ error_type: string; hint: string }>(bad);
  assertEquals(record.error_type, "AUTH_FAILED");
  assertStringIncludes(record.hint, oidc.tokenUrl);
  assertStringIncludes(record.hint, "401");
  assertStringIncludes(record.hint, "invalid_client");
  assertEquals(api.seen.length, 0, "nothing reached the API");
  assertAbsent(["not-the-secret-8f7e6d", MACHINE.secret], [bad.stdout, bad.stderr]);

  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const deadUrl = `http://127.0.0.1:${(closed.addr as Deno.NetAddr).port}/token`;
  closed.close();
  await p.ws.write("api-docs/project.md", CLIENT_CREDENTIALS(deadUrl));
  const down = await p.run(["exec", "api-docs/apis/things/get-things.md", "--output=json"]);
  assertEquals(down.code, 4, down.stdout + down.stderr);
  const downRecord = json<{ error_type: string; hint: string }>(down);
  assertEquals(downRecord.error_type, "NETWORK_ERROR");
  assertStringIncludes(downRecord.hint, deadUrl);
  const login = await p.run(["auth", "login", "--output=json"]);
  assertEquals(login.code, 4, login.stdout + login.stderr);
});

Deno.test({
  name:
    "authorization code with PKCE: auth login through the provider's page in Chromium, then refresh",
  ignore: !CHROMIUM,
  fn: async () => {
    // Tokens live 20 s, inside the 30 s margin: the next run renews with the refresh token.
    await using oidc = await startOidc({ ttlSeconds: 20 });
    await using api = oauthApi(oidc);
    await using p = await project(api.url, AUTH_CODE(oidc));
    const before = await p.run(["exec", "api-docs/apis/things/get-things.md", "--output=json"]);
    assertEquals(before.code, 1);
    assertStringIncludes(json<{ hint: string }>(before).hint, "apispec auth login");

    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "--quiet",
        `--config=${ROOT}/deno.json`,
        `${ROOT}/main.ts`,
        "auth",
        "login",
        "--no-browser",
        "--output=json",
      ],
      cwd: p.ws.dir,
      env: { ...baseEnv(), ...p.env },
      clearEnv: true,
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const stdout = new Response(child.stdout).text();
    let stderr = "";
    const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    let url: string | undefined;
    while (!url) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`auth login ended without a URL: ${stderr}`);
      stderr += value;
      url = /(http:\/\/127\.0\.0\.1:\d+\/auth\?\S+)/.exec(stderr)?.[1];
    }
    (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        stderr += value;
      }
    })();
    const parsed = new URL(url);
    assertEquals(parsed.searchParams.get("code_challenge_method"), "S256");
    assert(parsed.searchParams.get("redirect_uri")!.startsWith("http://127.0.0.1:"));

    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(url);
      await page.fill("input[name=login]", "ada");
      await page.fill("input[name=password]", "any");
      await page.click("button[type=submit]");
      await page.waitForSelector("button[type=submit]");
      await page.click("button[type=submit]");
      await page.waitForSelector("text=Signed in");
    } finally {
      await browser.close();
    }
    const status = await child.status;
    assertEquals(status.code, 0, stderr);
    const login = JSON.parse(await stdout);
    assertEquals([login.passed, login.grant], [true, "authorization_code"]);
    assertEquals(oidc.tokenRequests, ["authorization_code"]);

    const after = await p.run(["exec", "api-docs/apis/things/get-things.md", "--output=json"]);
    assertEquals(after.code, 0, after.stdout + after.stderr);
    assertEquals(oidc.tokenRequests, ["authorization_code", "refresh_token"]);
    const listed = json<{ tokens: { grant: string; refreshable: boolean }[] }>(
      await p.run(["auth", "status", "--output=json"]),
    ).tokens;
    assertEquals(listed.map((t) => [t.grant, t.refreshable]), [["authorization_code", true]]);
    assertAbsent(api.seen.filter((t) => t !== "-"), [
      after.stdout,
      after.stderr,
      stderr,
      await stdout,
    ]);
  },
});

Deno.test("password grant with clientAuth: body, against a token endpoint that checks the form", async () => {
  const forms: URLSearchParams[] = [];
  const token = "pw-token-6b5a4c3d2e1f";
  const idp = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const form = new URLSearchParams(await request.text());
    forms.push(form);
    const ok = form.get("grant_type") === "password" && form.get("username") === "ada" &&
      form.get("password") === "pw-lovelace-77" && form.get("client_id") === "cli" &&
      form.get("client_secret") === MACHINE.secret && !request.headers.has("authorization");
    return ok
      ? Response.json({ access_token: token, token_type: "Bearer", expires_in: 300 })
      : Response.json({ error: "invalid_grant" }, { status: 400 });
  });
  const api = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) =>
      request.headers.get("authorization") === `Bearer ${token}`
        ? Response.json({ ok: true })
        : Response.json({}, { status: 401 }),
  );
  try {
    await using p = await project(
      `http://127.0.0.1:${api.addr.port}`,
      `---\nname: test\nversion: 1\nauth: oauth2\noauth2:\n  grant: password\n` +
        `  tokenUrl: http://127.0.0.1:${idp.addr.port}/token\n  clientId: cli\n` +
        `  clientSecret: "{{clientSecret}}"\n  clientAuth: body\n  username: ada\n` +
        `  password: "{{password}}"\n---\n`,
    );
    const result = await p.run(["exec", "api-docs/apis/things/get-things.md", "-v"], {
      APISPEC_PASSWORD: "pw-lovelace-77",
    });
    assertEquals(result.code, 0, result.stdout + result.stderr);
    assertEquals(forms.length, 1);
    assertAbsent([token, "pw-lovelace-77", MACHINE.secret], [result.stdout, result.stderr]);
  } finally {
    await idp.shutdown();
    await api.shutdown();
  }
});
