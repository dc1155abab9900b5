/**
 * The validate cache trusts nothing it finds (issue 30 item 8): an entry
 * placed beforehand with the right hash and no issues cannot make `validate`
 * pass a file that holds a token, the hash is SHA-256 of the content, and the
 * cache is private to its user (folder 0700, files 0600).
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { endpoint, workspace } from "../helpers/workspace.ts";
import { Gen } from "../helpers/secret_samples.ts";

const token = ["gh", "p_"].join("") + new Gen(97).alnum(36);
const FILE = "api-docs/apis/users/get-user.md";
const CLEAN = endpoint();
const LEAKY = endpoint({ request: `GET {{baseUrl}}/users/1\nAuthorization: token ${token}` });

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

Deno.test("a cache entry placed beforehand cannot make validate pass a file holding a token", async () => {
  await using ws = await workspace({ [FILE]: CLEAN });
  await using cacheHome = await workspace();
  const validate = () =>
    apispec(["validate", "api-docs"], { cwd: ws.dir, env: { XDG_CACHE_HOME: cacheHome.dir } });
  assertEquals((await validate()).code, 0);
  const folder = cacheHome.path("apispec/validate");
  const [name] = [...Deno.readDirSync(folder)].map((e) => e.name);
  const written = JSON.parse(await Deno.readTextFile(`${folder}/${name}`));
  // The hash is SHA-256 of the content, as WebCrypto computes it.
  assertEquals(written.files[FILE][0], await sha256(CLEAN));
  assertEquals(Deno.statSync(folder).mode! & 0o777, 0o700);
  assertEquals(Deno.statSync(`${folder}/${name}`).mode! & 0o777, 0o600);

  // The attacker commits a token and places (or restores) an entry vouching for that exact text.
  await ws.write(FILE, LEAKY);
  written.files[FILE] = [await sha256(LEAKY), "endpoint", [], ["GET", "/users/1", 200]];
  await Deno.writeTextFile(`${folder}/${name}`, JSON.stringify(written));
  const result = await validate();
  assertEquals(result.code, 5, result.stdout + result.stderr);
  assertStringIncludes(result.stderr, "SECRET_DETECTED");
  // And the other way: the entry the run stored holds no secret finding to replay or hide.
  const stored = JSON.parse(await Deno.readTextFile(`${folder}/${name}`));
  assertEquals(stored.files[FILE][2], []);
  assertEquals((await validate()).code, 5);
});

Deno.test("a cache folder an older apispec left open to others is made private", async () => {
  await using ws = await workspace({ [FILE]: CLEAN });
  await using cacheHome = await workspace();
  const folder = cacheHome.path("apispec/validate");
  await Deno.mkdir(folder, { recursive: true, mode: 0o755 });
  await Deno.chmod(folder, 0o755);
  const result = await apispec(["validate", "api-docs"], {
    cwd: ws.dir,
    env: { XDG_CACHE_HOME: cacheHome.dir },
  });
  assertEquals(result.code, 0, result.stderr);
  assertEquals(Deno.statSync(folder).mode! & 0o777, 0o700);
});
