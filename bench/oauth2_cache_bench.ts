/**
 * Cold `apispec exec` of an endpoint with `auth: oauth2` whose token is in
 * the user's token cache, against its floor: the same exec of the same
 * request with a static bearer token (`auth: bearer`, `{{authToken}}`).
 * The token comes from a real OpenID provider (oidc-provider) on loopback;
 * the first run fetches it (exactly one token request), every measured run
 * reads it from the cache (none). Interleaved rounds, medians.
 * Target: ≤ 1.1x the floor. `--runs <n>` (default 15).
 */
import { join } from "node:path";
import { MACHINE, startOidc } from "../tests/helpers/oidc.ts";
import {
  apispecProgram,
  interleave,
  loadNote,
  meanCpu,
  median,
  option,
  type ProcessRun,
  startLoopbackApi,
  timeProcess,
  verdict,
} from "./_measure.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const RUNS = Number(option(Deno.args, "runs") ?? 15);

await using oidc = await startOidc();
const api = await startLoopbackApi();
const baseUrl = api.baseUrl;

const dir = await Deno.makeTempDir({ prefix: "apispec-oauth2-bench-" });
const cache = await Deno.makeTempDir({ prefix: "apispec-oauth2-cache-" });
const spec = (auth: string) =>
  `---\nresource: users\nprotocol: http\nmethod: GET\npath: /users/1\nversion: 1\nauth: ${auth}\n---\n` +
  `# Get a user\n\n## Request\n\n\`\`\`http\nGET {{baseUrl}}/users/1\n\`\`\`\n\n` +
  `## Expected response\n\n\`\`\`http\nHTTP/1.1 200 OK\n\`\`\`\n`;
const files: Record<string, string> = {
  "api-docs/project.md": `---\nname: bench\nversion: 1\noauth2:\n  grant: client_credentials\n` +
    `  tokenUrl: ${oidc.tokenUrl}\n  clientId: ${MACHINE.id}\n  clientSecret: "{{clientSecret}}"\n` +
    `  scope: api:read\n---\n`,
  "api-docs/_shared/env.template.md": `## dev\n\n\`\`\`yaml\nbaseUrl: ${baseUrl}\n\`\`\`\n`,
  "api-docs/apis/users/get-static.md": spec("bearer"),
  "api-docs/apis/users/get-oauth2.md": spec("oauth2"),
  ".env.local": `clientSecret=${MACHINE.secret}\nauthToken=static-bearer-token-0123456789\n`,
};
for (const [path, text] of Object.entries(files)) {
  await Deno.mkdir(join(dir, path, ".."), { recursive: true });
  await Deno.writeTextFile(join(dir, path), text);
}

const apispec = apispecProgram(ROOT);
const env = { ...Deno.env.toObject(), XDG_CACHE_HOME: cache, NO_COLOR: "1" };
const exec = (file: string) => () =>
  timeProcess(apispec.command, [...apispec.args, "exec", `api-docs/apis/users/${file}`], {
    cwd: dir,
    env,
  });
try {
  const variants: Record<string, () => Promise<ProcessRun>> = {
    "floor: exec with a static bearer token": exec("get-static.md"),
    "exec with a cached OAuth 2.0 token": exec("get-oauth2.md"),
  };
  // The first run fetches the token; warm Deno's caches for both.
  for (const variant of Object.values(variants)) await variant();
  const firstRun = oidc.tokenRequests.length;
  const runs = await interleave(variants, RUNS);
  const names = Object.keys(variants);
  const floorMs = median(runs[names[0]].map((r) => r.wallMs));
  console.log(
    `cold exec, one GET against a loopback API, median of ${RUNS} interleaved rounds ${loadNote()}`,
  );
  for (const name of names) {
    const ms = median(runs[name].map((r) => r.wallMs));
    console.log(
      `  ${name.padEnd(44)} ${ms.toFixed(1).padStart(6)} ms  ${(ms / floorMs).toFixed(2)}x   (CPU ${
        meanCpu(runs[name])
      })`,
    );
  }
  console.log(
    `  token requests: ${firstRun} by the first run, ${
      oidc.tokenRequests.length - firstRun
    } by the ${RUNS} measured runs`,
  );
  const ratio = median(runs[names[1]].map((r) => r.wallMs)) / floorMs;
  console.log(
    `  cached OAuth 2.0 / static bearer ${ratio.toFixed(2)}x; target ≤ 1.1x: ${
      verdict(ratio, 1.1)
    }`,
  );
} finally {
  await api.close();
  await Deno.remove(dir, { recursive: true });
  await Deno.remove(cache, { recursive: true });
}
