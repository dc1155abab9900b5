import { assertEquals } from "@std/assert";
import { originForm, plainRequest } from "./tls_bridge.ts";

Deno.test("originForm() turns the absolute form Deno writes to a proxy transport into the origin form", () => {
  assertEquals(originForm("GET http://127.0.0.1:4100/x?y=1 HTTP/1.1"), "GET /x?y=1 HTTP/1.1");
  assertEquals(originForm("POST http://127.0.0.1:4100 HTTP/1.1"), "POST / HTTP/1.1");
  assertEquals(originForm("GET http://127.0.0.1:4100?q HTTP/1.1"), "GET /?q HTTP/1.1");
  assertEquals(originForm("GET /already HTTP/1.1"), "GET /already HTTP/1.1");
  assertEquals(originForm("OPTIONS * HTTP/1.1"), "OPTIONS * HTTP/1.1");
});

Deno.test("plainRequest() points at the bridge and keeps the server's name in Host", () => {
  const request = { method: "GET", url: "https://api.example.com/v1/users?page=2", headers: [] };
  const plain = plainRequest(request as never, 4100);
  assertEquals(plain.url, "http://127.0.0.1:4100/v1/users?page=2");
  assertEquals(plain.headers, [["Host", "api.example.com"]]);
  const socket = plainRequest(
    { method: "GET", url: "wss://api.example.com:8443/feed", headers: [["host", "h"]] } as never,
    4100,
  );
  assertEquals(socket.url, "ws://127.0.0.1:4100/feed");
  assertEquals(socket.headers, [["host", "h"]]);
});
