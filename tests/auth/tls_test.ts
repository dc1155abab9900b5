/**
 * TLS through the real CLI against HTTPS servers with a private CA made by
 * openssl in the test: `tls.ca` (a placeholder per environment) and `--ca`,
 * client certificates (`tls.cert`/`tls.key`, `--cert/--key`) for a server
 * that requires one, `insecure` with its warning, and the NETWORK_ERROR
 * (exit 4) hint for each cause: unknown issuer, name mismatch, expired,
 * certificate required.
 */
import { assertEquals, assertStringIncludes } from "@std/assert";
import { apispec, json } from "../helpers/cli.ts";
import { collectionFiles, endpoint, workspace } from "../helpers/workspace.ts";
import { type Certs, hasOpenssl, makeCerts, serveHttps } from "../helpers/certs.ts";
import { flowFile } from "../flow/helpers.ts";

const ok = 'HTTP/1.1 200 OK\nContent-Type: application/json\n\n{"ok": true}';

function httpsServer(certs: Certs, pair: { cert: string; key: string }) {
  const server = serveHttps(certs, pair, () => Response.json({ ok: true }));
  return { url: `https://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

/** A server that requires a client certificate signed by the test CA (node:https). */
async function mtlsServer(certs: Certs) {
  const { createServer } = await import("node:https");
  const server = createServer({
    cert: certs.read(certs.server.cert),
    key: certs.read(certs.server.key),
    ca: certs.read(certs.ca),
    requestCert: true,
    rejectUnauthorized: true,
  }, (_request, response) => {
    response.setHeader("content-type", "application/json");
    response.end('{"ok": true}');
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

function files(baseUrl: string, project = "---\nname: test\nversion: 1\n---\n") {
  return collectionFiles(baseUrl, {
    "project.md": project,
    "apis/things/get-things.md": endpoint({ path: "/things", resource: "things", expected: ok }),
    "flows/things.md": flowFile([{ name: "List", endpoint: "apis/things/get-things.md" }]),
  });
}

const EXEC = ["exec", "api-docs/apis/things/get-things.md", "--output=json"];

Deno.test({
  name: "a private CA: tls.ca (a placeholder) or --ca; without it, unknown issuer (exit 4)",
  ignore: !hasOpenssl(),
  fn: async () => {
    await using certs = await makeCerts();
    const server = httpsServer(certs, certs.server);
    try {
      await using ws = await workspace(files(
        server.url,
        '---\nname: test\nversion: 1\ntls:\n  ca: "{{caFile}}"\n---\n',
      ));
      const trusted = await apispec([...EXEC, "--var", `caFile=${certs.ca}`], { cwd: ws.dir });
      assertEquals(trusted.code, 0, trusted.stdout + trusted.stderr);

      await ws.write("api-docs/project.md", "---\nname: test\nversion: 1\n---\n");
      const unknown = await apispec(EXEC, { cwd: ws.dir });
      assertEquals(unknown.code, 4, unknown.stdout);
      const record = json<{ error_type: string; hint: string }>(unknown);
      assertEquals(record.error_type, "NETWORK_ERROR");
      assertStringIncludes(record.hint, "unknown issuer");
      assertStringIncludes(record.hint, "tls.ca");

      for (const command of [EXEC, ["flow", "api-docs/flows/things.md"], ["check", "api-docs"]]) {
        const result = await apispec([...command, "--ca", certs.ca], { cwd: ws.dir });
        assertEquals(result.code, 0, `${command[0]}: ${result.stdout}${result.stderr}`);
      }
      const request = await apispec(
        ["request", "GET", "/things", "--ca", certs.ca, "--output=json"],
        { cwd: ws.dir },
      );
      assertEquals(json<{ response: { status: number } }>(request).response.status, 200);
      const diagnose = await apispec(
        ["diagnose", "api-docs/apis/things/get-things.md", "--output=json"],
        { cwd: ws.dir },
      );
      assertStringIncludes(diagnose.stdout, "tls.ca");
    } finally {
      await server.close();
    }
  },
});

Deno.test({
  name: "a certificate for another name or an expired one: NETWORK_ERROR naming the cause",
  ignore: !hasOpenssl(),
  fn: async () => {
    await using certs = await makeCerts();
    for (
      const [pair, cause] of [[certs.otherName, "not valid for this host name"], [
        certs.expired,
        "expired",
      ]] as const
    ) {
      const server = httpsServer(certs, pair);
      try {
        await using ws = await workspace(files(server.url));
        const result = await apispec([...EXEC, "--ca", certs.ca], { cwd: ws.dir });
        assertEquals(result.code, 4, result.stdout);
        assertStringIncludes(json<{ hint: string }>(result).hint, cause);
      } finally {
        await server.close();
      }
    }
  },
});

Deno.test({
  name: "a server that requires a client certificate: tls.cert/tls.key or --cert/--key",
  ignore: !hasOpenssl(),
  fn: async () => {
    await using certs = await makeCerts();
    const server = await mtlsServer(certs);
    try {
      await using ws = await workspace(files(server.url));
      const without = await apispec([...EXEC, "--ca", certs.ca], { cwd: ws.dir });
      assertEquals(without.code, 4, without.stdout);
      assertStringIncludes(json<{ hint: string }>(without).hint, "tls.cert and tls.key");

      const flags = await apispec(
        [...EXEC, "--ca", certs.ca, "--cert", certs.client.cert, "--key", certs.client.key],
        { cwd: ws.dir },
      );
      assertEquals(flags.code, 0, flags.stdout + flags.stderr);

      await ws.write(
        "api-docs/project.md",
        `---\nname: test\nversion: 1\ntls:\n  ca: ${certs.ca}\n  cert: ${certs.client.cert}\n` +
          `  key: ${certs.client.key}\n---\n`,
      );
      const project = await apispec([...EXEC, "-v"], { cwd: ws.dir });
      assertEquals(project.code, 0, project.stdout + project.stderr);
      assertEquals(project.stdout.includes("PRIVATE KEY"), false);
    } finally {
      await server.close();
    }
  },
});

Deno.test({
  name: "insecure: true (or --insecure) skips verification and warns on every run",
  ignore: !hasOpenssl(),
  fn: async () => {
    await using certs = await makeCerts();
    const server = httpsServer(certs, certs.expired);
    try {
      await using ws = await workspace(files(
        server.url,
        "---\nname: test\nversion: 1\ntls:\n  insecure: true\n---\n",
      ));
      for (let run = 0; run < 2; run++) {
        const result = await apispec(EXEC, { cwd: ws.dir });
        assertEquals(result.code, 0, result.stdout + result.stderr);
        assertStringIncludes(result.stderr, "not verified");
      }
      await ws.write("api-docs/project.md", "---\nname: test\nversion: 1\n---\n");
      const flag = await apispec(["flow", "api-docs/flows/things.md", "--insecure"], {
        cwd: ws.dir,
      });
      assertEquals(flag.code, 0, flag.stdout + flag.stderr);
      assertStringIncludes(flag.stdout + flag.stderr, "not verified");
    } finally {
      await server.close();
    }
  },
});
