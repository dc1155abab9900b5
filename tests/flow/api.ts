/**
 * The API the composable-flow tests run against: a real server on 127.0.0.1
 * (through `startTestApi`, which records every request) with lists to loop
 * over, items to read, a login, and jobs that are done after a few polls.
 */
import { jsonResponse, startTestApi, type TestApi } from "../helpers/api.ts";
import { endpoint } from "../helpers/workspace.ts";

export const USERS = [
  { id: 1, name: "Ada", role: "admin" },
  { id: 2, name: "Alan", role: "member" },
  { id: 3, name: "Grace", role: "admin" },
];

/**
 * - `GET /users` → `{items: USERS}`; `GET /empty` → `{items: []}`; `GET /many` → 1,001 items
 * - `GET /users/:id` → the user, 404 for an unknown id; `DELETE /users/:id` → 204
 * - `POST /login` → `{token}`; `GET /me` needs `Authorization: Bearer <token>`
 * - `GET /jobs/:id` → `{status: "running"}` until the `:id`-th poll of that job, then `"done"`
 * - `GET /echo?...` → the query as JSON
 */
export function flowApi(): TestApi {
  const polls = new Map<string, number>();
  return startTestApi((request) => {
    const url = new URL(request.url);
    const parts = url.pathname.split("/").filter(Boolean);
    if (url.pathname === "/users") return jsonResponse({ items: USERS });
    if (url.pathname === "/empty") return jsonResponse({ items: [] });
    if (url.pathname === "/many") {
      return jsonResponse({ items: Array.from({ length: 1001 }, (_, i) => ({ id: i })) });
    }
    if (parts[0] === "users" && parts.length === 2) {
      const user = USERS.find((u) => String(u.id) === parts[1]);
      if (request.method === "DELETE") return new Response(null, { status: user ? 204 : 404 });
      return user ? jsonResponse(user) : jsonResponse({ error: "not_found" }, 404);
    }
    if (url.pathname === "/login") return jsonResponse({ token: "tok-0123456789" });
    if (url.pathname === "/me") {
      return request.headers.get("authorization") === "Bearer tok-0123456789"
        ? jsonResponse({ id: 1, name: "Ada" })
        : jsonResponse({ error: "unauthorized" }, 401);
    }
    if (parts[0] === "jobs" && parts.length === 2) {
      const count = (polls.get(parts[1]) ?? 0) + 1;
      polls.set(parts[1], count);
      return jsonResponse({ id: parts[1], status: count >= Number(parts[1]) ? "done" : "running" });
    }
    if (url.pathname === "/echo") return jsonResponse(Object.fromEntries(url.searchParams));
    return jsonResponse({ error: "no route" }, 404);
  });
}

/** The endpoint files for `flowApi`, keyed by their path in the collection. */
export const FLOW_ENDPOINTS: Record<string, string> = {
  "apis/users/get-users.md": endpoint({ path: "/users" }),
  "apis/users/get-empty.md": endpoint({ path: "/empty" }),
  "apis/users/get-many.md": endpoint({ path: "/many" }),
  "apis/users/get-user.md": endpoint({
    path: "/users/:id",
    request: "GET {{baseUrl}}/users/{{user.id}}",
  }),
  "apis/users/get-user-by-id.md": endpoint({
    path: "/users/:userId",
    request: "GET {{baseUrl}}/users/{{userId}}",
  }),
  "apis/users/delete-user.md": endpoint({
    method: "DELETE",
    path: "/users/:id",
    request: "DELETE {{baseUrl}}/users/{{id}}",
    expected: "HTTP/1.1 204 No Content",
  }),
  "apis/auth/post-login.md": endpoint({ method: "POST", path: "/login" }),
  "apis/auth/get-me.md": endpoint({
    path: "/me",
    request: "GET {{baseUrl}}/me\nAuthorization: Bearer {{sessionToken}}",
  }),
  "apis/jobs/get-job.md": endpoint({
    path: "/jobs/:jobId",
    request: "GET {{baseUrl}}/jobs/{{jobId}}",
  }),
  "apis/echo/get-echo.md": endpoint({
    path: "/echo",
    request: "GET {{baseUrl}}/echo?name={{name}}&email={{email}}",
  }),
};
