/**
 * The examples of docs/auth.md run as written, against loopback servers that
 * check each scheme as a real one does: a certified OpenID provider
 * (oidc-provider) issuing the client-credentials token the project asks for,
 * an API that accepts only its tokens (orders), an RFC 7616 digest check
 * (vault), an API key (reports), a cookie session (login, me), and an HTTPS
 * server with a private CA for `--ca` (skipped without openssl). Credentials
 * come from `.env.local` as the page says.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec } from "../helpers/cli.ts";
import { readDocPage, runDocCommand, writeDocFiles } from "../helpers/doc_examples.ts";
import {
  API_KEY,
  digestChallenge,
  digestOk,
  PASSWORD,
  sessionHandler,
  USER,
} from "../helpers/auth_api.ts";
import { startOidc } from "../helpers/oidc.ts";
import { hasOpenssl, makeCerts, serveHttps } from "../helpers/certs.ts";
import { workspace } from "../helpers/workspace.ts";

const SHOP_CI = {
  id: "shop-ci",
  secret: "shop-ci-secret-5b2e8d1f",
  scopes: ["orders:read", "orders:write"],
};

Deno.test("every example of docs/auth.md runs against loopback servers of each scheme", async () => {
  const page = await readDocPage("docs/auth.md");
  assertEquals(Object.keys(page.files).length >= 6, true, `files: ${Object.keys(page.files)}`);
  await using oidc = await startOidc({ client: SHOP_CI });
  const handler = async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === "/orders") {
      const token = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
      return token && await oidc.accepts(token)
        ? Response.json([{ id: "ord_1", total: 42.5 }])
        : Response.json({ error: "invalid_token" }, { status: 401 });
    }
    if (path === "/vault") {
      return digestOk(request, path, "SHA-256")
        ? Response.json({ documents: 3 })
        : digestChallenge("SHA-256");
    }
    if (path === "/reports") {
      return request.headers.get("x-api-key") === API_KEY
        ? Response.json([{ name: "monthly" }])
        : Response.json({ error: "unauthorized" }, { status: 401 });
    }
    if (path === "/health") return Response.json({ ok: true });
    return sessionHandler(request) ?? new Response("not found", { status: 404 });
  };
  const api = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
  const certs = hasOpenssl() ? await makeCerts() : undefined;
  const https = certs && serveHttps(certs, certs.server, handler);
  const cache = await Deno.makeTempDir({ prefix: "apispec-cache-" });
  try {
    await using project = await workspace({
      "api-docs/_shared/env.template.md": "## dev\n\n```yaml\n" +
        `baseUrl: http://127.0.0.1:${api.addr.port}\ntokenUrl: ${oidc.tokenUrl}\n` + "```\n",
      ".env.local": `CLIENT_SECRET=${SHOP_CI.secret}\nUSERNAME=${USER}\nPASSWORD=${PASSWORD}\n` +
        `API_KEY=${API_KEY}\n`,
    });
    await writeDocFiles(page, project.write);
    if (certs) await project.write("certs/internal-ca.pem", certs.read(certs.ca));
    const hosts: Record<string, string> = https
      ? { "https://internal.example.com": `https://localhost:${https.addr.port}` }
      : {};
    for (const command of page.commands) {
      if (command.line.includes("--ca") && !certs) {
        console.warn(`skipping ${command.where}: openssl is not installed`);
        continue;
      }
      // `exec` of one file starts with an empty jar: the page says this one fails.
      const expected = command.line.startsWith("apispec exec api-docs/apis/session/") ? 1 : 0;
      await runDocCommand(command, {
        cwd: project.dir,
        env: { XDG_CACHE_HOME: cache },
        hosts,
        expected,
      });
    }
    // The refusal the page quotes: a wrong client secret.
    const refused = await apispec([
      "exec",
      "api-docs/apis/orders/get-orders.md",
      "--var",
      "clientSecret=not-the-secret",
      "--no-token-cache",
    ], { cwd: project.dir, env: { XDG_CACHE_HOME: cache } });
    assertEquals(refused.code, 1, refused.stdout);
    const quoted = page.blocks.find((b) => b.text.startsWith("The token endpoint"))!.text;
    assertStringIncludes(
      refused.stdout.replace(/\s+/g, " "),
      quoted.replace("https://id.example.com/oauth/token", oidc.tokenUrl).replace(/\s+/g, " ")
        .trim(),
    );
  } finally {
    await api.shutdown();
    await https?.shutdown();
    await certs?.[Symbol.asyncDispose]();
    await Deno.remove(cache, { recursive: true });
  }
});
