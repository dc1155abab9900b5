/**
 * The API the composed-flow load tests run against (a loopback server from
 * `tests/helpers/api.ts`): people sign up, list their tasks, finish each,
 * add their skills, admins read an audit, and each person's status turns `ready` on the third
 * poll. Every request is recorded, so a test checks what the API received.
 */
import { jsonResponse, startTestApi, type TestApi } from "../helpers/api.ts";

export const POLLS_UNTIL_READY = 3;

export function startTeamApi(): TestApi & { users: Map<number, { name: string; role: string }> } {
  const users = new Map<number, { name: string; role: string }>();
  const polls = new Map<number, number>();
  let next = 100;
  const api = startTestApi((request, body) => {
    const [resource, rawId, part, taskId, action] = new URL(request.url).pathname.split("/")
      .filter(Boolean);
    if (resource !== "users") return jsonResponse({ error: "not found" }, 404);
    if (request.method === "POST" && rawId === undefined) {
      const id = next++;
      users.set(id, JSON.parse(body));
      return jsonResponse({ id, ...users.get(id) }, 201);
    }
    const id = Number(rawId);
    const user = users.get(id);
    if (!user) return jsonResponse({ error: "no such user", id }, 404);
    if (part === undefined) return jsonResponse({ id, ...user });
    if (part === "tasks" && taskId === undefined) {
      return jsonResponse({ items: [{ id: id * 10 + 1 }, { id: id * 10 + 2 }] });
    }
    if (part === "tasks" && action === "done" && request.method === "POST") {
      const owned = Number(taskId) === id * 10 + 1 || Number(taskId) === id * 10 + 2;
      return owned
        ? new Response(null, { status: 204 })
        : jsonResponse({ error: "not yours" }, 403);
    }
    if (part === "skills" && request.method === "PUT") return new Response(null, { status: 204 });
    if (part === "audit") return jsonResponse({ user: id, entries: [] });
    if (part === "status") {
      const count = (polls.get(id) ?? 0) + 1;
      polls.set(id, count);
      return jsonResponse({ state: count >= POLLS_UNTIL_READY ? "ready" : "pending" });
    }
    return jsonResponse({ error: "not found" }, 404);
  });
  return Object.assign(api, { users });
}
