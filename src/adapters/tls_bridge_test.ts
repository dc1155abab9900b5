import { assertEquals } from "@std/assert";
import { BRIDGE_TOKEN_HEADER, forwardedHead, originForm, plainRequest } from "./tls_bridge.ts";

Deno.test("originForm() turns the absolute form Deno writes to a proxy transport into the origin form", () => {
  assertEquals(originForm("GET http://127.0.0.1:4100/x?y=1 HTTP/1.1"), "GET /x?y=1 HTTP/1.1");
  assertEquals(originForm("POST http://127.0.0.1:4100 HTTP/1.1"), "POST / HTTP/1.1");
  assertEquals(originForm("GET http://127.0.0.1:4100?q HTTP/1.1"), "GET /?q HTTP/1.1");
  assertEquals(originForm("GET /already HTTP/1.1"), "GET /already HTTP/1.1");
  assertEquals(originForm("OPTIONS * HTTP/1.1"), "OPTIONS * HTTP/1.1");
});

Deno.test("plainRequest() points at the bridge and keeps the server's name in Host", () => {
  const request = { method: "GET", url: "https://api.example.com/v1/users?page=2", headers: [] };
  const plain = plainRequest(request as never, 4100, "t0k");
  assertEquals(plain.url, "http://127.0.0.1:4100/v1/users?page=2");
  assertEquals(plain.headers, [["Host", "api.example.com"], [BRIDGE_TOKEN_HEADER, "t0k"]]);
  const socket = plainRequest(
    { method: "GET", url: "wss://api.example.com:8443/feed", headers: [["host", "h"]] } as never,
    4100,
    "t0k",
  );
  assertEquals(socket.url, "ws://127.0.0.1:4100/feed");
  assertEquals(socket.headers, [["host", "h"], [BRIDGE_TOKEN_HEADER, "t0k"]]);
});

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const text = (head?: Uint8Array) => head && String.fromCharCode(...head);

Deno.test("forwardedHead() passes a head with the bridge's token, without it, in the origin form", () => {
  const head = bytes(
    "GET http://127.0.0.1:4100/x HTTP/1.1\r\nhost: api.example.com\r\nX-Apispec-Bridge: t0k\r\nx-caf\xe9: \xff",
  );
  assertEquals(
    text(forwardedHead(head, "t0k")),
    "GET /x HTTP/1.1\r\nhost: api.example.com\r\nx-caf\xe9: \xff",
  );
});

Deno.test("forwardedHead() refuses a head without the token or with another (another local process)", () => {
  assertEquals(forwardedHead(bytes("GET /x HTTP/1.1\r\nhost: a"), "t0k"), undefined);
  assertEquals(
    forwardedHead(bytes(`GET /x HTTP/1.1\r\n${BRIDGE_TOKEN_HEADER}: t0j`), "t0k"),
    undefined,
  );
  assertEquals(
    forwardedHead(bytes(`GET /x HTTP/1.1\r\n${BRIDGE_TOKEN_HEADER}: t0kk`), "t0k"),
    undefined,
  );
});
