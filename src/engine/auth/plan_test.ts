import { assertEquals } from "@std/assert";
import { buildExchange } from "../resolve/build.ts";
import { parseEndpoint } from "../parse/spec.ts";
import { bypasses } from "./proxy.ts";
import { selectCookie } from "./set_cookie.ts";
import { tlsCause } from "./tls.ts";

const spec = (frontmatter: string, request = "GET {{baseUrl}}/x") =>
  parseEndpoint(
    `---\nresource: x\nprotocol: http\nmethod: GET\npath: /x\nversion: 1\n${frontmatter}---\n` +
      `## Request\n\n\`\`\`http\n${request}\n\`\`\`\n\n## Expected response\n\n\`\`\`http\nHTTP/1.1 200 OK\n\`\`\`\n`,
    "x.md",
  ).spec!;
const layers = [{
  name: "cli" as const,
  label: "--var",
  vars: { baseUrl: "http://h", apiKey: "k-123456" },
}];

Deno.test("apikey goes in a header, the query or a cookie; a header the request sets wins", () => {
  const send = (frontmatter: string, request?: string) =>
    buildExchange(spec(frontmatter, request), { layers, auth: "apikey", env: "dev" }).request!;
  assertEquals(send("").headers, [["X-API-Key", "k-123456"]]);
  assertEquals(send("apiKey: {in: query, name: key}\n").url, "http://h/x?key=k-123456");
  assertEquals(send("apiKey: {in: cookie, name: k}\n").headers, [["Cookie", "k=k-123456"]]);
  assertEquals(send("", "GET {{baseUrl}}/x\nX-API-Key: mine").headers, [["X-API-Key", "mine"]]);
});

Deno.test("a missing credential of an auth kind is VAR_MISSING before anything is sent", () => {
  const built = buildExchange(spec("auth: digest\n"), { layers, auth: "digest", env: "dev" });
  assertEquals(built.issues.map((i) => `${i.code} ${i.message}`), [
    'VAR_MISSING Variable "username" is not defined for environment "dev"',
    'VAR_MISSING Variable "password" is not defined for environment "dev"',
  ]);
});

Deno.test("an unknown field in an auth block is an error with its line", () => {
  const parsed = parseEndpoint(
    "---\nresource: x\nprotocol: http\nmethod: GET\npath: /x\nversion: 1\noauth2:\n  tokenURL: x\n---\n",
    "x.md",
  );
  const problem = parsed.issues.find((i) => i.message.includes("tokenURL"))!;
  assertEquals([problem.line, problem.severity], [8, "error"]);
});

Deno.test("NO_PROXY matches names, subdomains, IPs and ports", () => {
  assertEquals(bypasses("https://api.internal.example/x", ".example"), true);
  assertEquals(bypasses("https://example.com/x", "ample.com"), false);
  assertEquals(bypasses("http://127.0.0.1:8080/", "127.0.0.1:9090"), false);
  assertEquals(bypasses("http://127.0.0.1:8080/", "127.0.0.1:8080"), true);
  assertEquals(bypasses("http://anything/", "*"), true);
});

Deno.test("cookie.<name>.<attribute> reads Set-Cookie as written", () => {
  const response = {
    status: 200,
    reason: "OK",
    headers: [["set-cookie", "a.b=1; Secure; SameSite=Strict; Max-Age=60"]] as [string, string][],
    body: "",
  };
  assertEquals(selectCookie("cookie.a.b", response), { found: true, value: "1" });
  assertEquals(selectCookie("cookie.a.b.samesite", response), { found: true, value: "Strict" });
  assertEquals(selectCookie("cookie.a.b.httponly", response), { found: true, value: false });
  assertEquals(selectCookie("cookie.a.b.expires", response), { found: false });
  assertEquals(selectCookie("cookie.c", response), { found: false });
});

Deno.test("tlsCause() names the cause from rustls' and Node's words", () => {
  assertEquals(tlsCause("invalid peer certificate: UnknownIssuer"), "unknown_issuer");
  assertEquals(tlsCause('certificate not valid for name "127.0.0.1"'), "name_mismatch");
  assertEquals(
    tlsCause("invalid peer certificate: certificate expired: verification time"),
    "expired",
  );
  assertEquals(tlsCause("received fatal alert: CertificateRequired"), "certificate_required");
  assertEquals(tlsCause("CERT_HAS_EXPIRED certificate has expired"), "expired");
});
