/**
 * The embedded demo API: a small users-and-orders service on a free loopback
 * port, used by `apispec demo` and by the tests as the API under test. State
 * lives in memory and starts fresh on every start.
 */

export interface DemoApi {
  url: string;
  port: number;
  /** The bearer token the API accepts; passed to runs as APISPEC_AUTH_TOKEN, never written to a file. */
  token: string;
  /** Requests received, for tests that prove nothing was sent. */
  requests: { method: string; path: string; headers: Headers; body: string }[];
  close(): Promise<void>;
}

interface User {
  id: number;
  name: string;
  email: string;
  role: "admin" | "member";
  createdAt: string;
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** The request handler, separate from the socket so it can be served anywhere. */
export function demoHandler(
  token: string,
  log: DemoApi["requests"] = [],
): (request: Request) => Promise<Response> {
  const users = new Map<number, User>([
    [1, {
      id: 1,
      name: "Ada Lovelace",
      email: "ada@example.com",
      role: "admin",
      createdAt: new Date().toISOString(),
    }],
    [2, {
      id: 2,
      name: "Alan Turing",
      email: "alan@example.com",
      role: "member",
      createdAt: new Date().toISOString(),
    }],
  ]);
  let nextId = 3;
  const authorized = (request: Request) =>
    request.headers.get("authorization") === `Bearer ${token}`;

  return async (request) => {
    const url = new URL(request.url);
    const body = await request.text();
    log.push({
      method: request.method,
      path: url.pathname + url.search,
      headers: request.headers,
      body,
    });
    const parts = url.pathname.split("/").filter(Boolean);
    const method = request.method;

    if (url.pathname === "/health" && method === "GET") {
      return json({ status: "ok", version: "1.4.2", uptime: Math.round(performance.now()) }, 200, {
        "x-request-id": crypto.randomUUID(),
      });
    }
    if (parts[0] === "users" && parts.length === 1) {
      if (method === "GET") {
        const limit = Number(url.searchParams.get("limit") ?? 20);
        const items = [...users.values()].slice(0, limit);
        return json({ items, total: users.size }, 200, { "x-total-count": String(users.size) });
      }
      if (method === "POST") {
        if (!authorized(request)) {
          return json({ error: "unauthorized", message: "Missing or invalid bearer token" }, 401);
        }
        let input: Partial<User>;
        try {
          input = JSON.parse(body);
        } catch {
          return json({ error: "invalid_json", message: "Body must be JSON" }, 400);
        }
        if (
          typeof input.name !== "string" || typeof input.email !== "string" ||
          !input.email.includes("@")
        ) {
          return json({
            error: "validation_failed",
            message: "name and a valid email are required",
          }, 422);
        }
        const user: User = {
          id: nextId++,
          name: input.name,
          email: input.email,
          role: input.role === "admin" ? "admin" : "member",
          createdAt: new Date().toISOString(),
        };
        users.set(user.id, user);
        return json(user, 201, { location: `/users/${user.id}` });
      }
      return json({ error: "method_not_allowed" }, 405, { allow: "GET, POST" });
    }
    if (parts[0] === "users" && parts.length === 2) {
      const user = users.get(Number(parts[1]));
      if (method === "GET") {
        return user
          ? json(user)
          : json({ error: "not_found", message: `No user ${parts[1]}` }, 404);
      }
      if (method === "DELETE") {
        if (!authorized(request)) {
          return json({ error: "unauthorized", message: "Missing or invalid bearer token" }, 401);
        }
        if (!user) return json({ error: "not_found", message: `No user ${parts[1]}` }, 404);
        users.delete(user.id);
        return new Response(null, { status: 204 });
      }
      return json({ error: "method_not_allowed" }, 405, { allow: "GET, DELETE" });
    }
    if (parts[0] === "orders" && parts.length === 2 && method === "GET") {
      return json({
        id: `ord_${parts[1]}`,
        status: "shipped",
        total: { amount: 4250, currency: "EUR" },
        lines: [{ sku: "BOOK-001", quantity: 2 }, { sku: "PEN-042", quantity: 1 }],
        placedAt: "2026-11-02T10:15:00Z",
      });
    }
    if (url.pathname === "/echo") {
      return new Response(body || "hello", {
        status: 200,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    }
    return json({ error: "not_found", message: `No route for ${method} ${url.pathname}` }, 404);
  };
}

/** Starts the demo API on 127.0.0.1 at a free port. */
export function startDemoApi(options: { token?: string; port?: number } = {}): DemoApi {
  const token = options.token ?? `demo-${crypto.randomUUID()}`;
  const requests: DemoApi["requests"] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: options.port ?? 0, onListen: () => {} },
    demoHandler(token, requests),
  );
  const port = (server.addr as Deno.NetAddr).port;
  return { url: `http://127.0.0.1:${port}`, port, token, requests, close: () => server.shutdown() };
}
