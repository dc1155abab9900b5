import { assert, assertEquals } from "@std/assert";
import {
  FLOW_RANK,
  isRead,
  methodRank,
  planOrder,
  ResourceSchedule,
  type RunItem,
} from "./order.ts";

const spec = (
  id: string,
  resource: string,
  method: string,
  rank = methodRank(method),
): RunItem => ({
  id,
  resources: [resource],
  rank,
  read: isRead(method),
});

Deno.test("methodRank() puts reads first, then POST, PUT, PATCH, DELETE, then flows", () => {
  const ranks = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"].map(methodRank);
  assertEquals(ranks, [0, 0, 0, 1, 2, 3, 4]);
  assert(methodRank("DELETE") < FLOW_RANK);
});

Deno.test("planOrder() sorts by rank, then by id, whatever the input order", () => {
  const items = [
    spec("b/delete.md", "b", "DELETE"),
    spec("a/put.md", "a", "PUT"),
    spec("b/get.md", "b", "GET"),
    spec("a/get.md", "a", "GET"),
  ];
  const order = planOrder(items).map((i) => items[i].id);
  assertEquals(order, ["a/get.md", "b/get.md", "a/put.md", "b/delete.md"]);
  assertEquals(planOrder([...items].reverse()).map((i) => [...items].reverse()[i].id), order);
});

/**
 * Drains a schedule `lanes` at a time, finishing the oldest running item
 * first; checks that a write never shares its resource; returns the start
 * order, the peak of items running and the peak of reads of one resource.
 */
function drain(items: RunItem[], lanes: number) {
  const schedule = new ResourceSchedule(items);
  const running: number[] = [];
  const started: string[] = [];
  let peak = 0;
  let peakReads = 0;
  while (!schedule.done) {
    while (running.length < lanes) {
      const next = schedule.take();
      if (next === undefined) break;
      running.push(next);
      started.push(items[next].id);
      for (const resource of items[next].resources) {
        const busy = running.filter((r) => items[r].resources.includes(resource));
        if (busy.some((r) => !items[r].read)) {
          assertEquals(busy.length, 1, `a write shares ${resource} with another item`);
        }
        peakReads = Math.max(peakReads, busy.length);
      }
    }
    peak = Math.max(peak, running.length);
    assert(running.length > 0, "deadlock: nothing runs and items are left");
    schedule.finish(running.shift()!);
  }
  return { started, peak, peakReads };
}

Deno.test("ResourceSchedule runs reads first, each write alone on its resource, resources side by side", () => {
  const items = [
    spec("posts/delete.md", "posts", "DELETE"),
    spec("posts/patch.md", "posts", "PATCH"),
    spec("posts/get.md", "posts", "GET"),
    spec("posts/put.md", "posts", "PUT"),
    spec("users/get.md", "users", "GET"),
    spec("users/post.md", "users", "POST"),
    spec("tags/get.md", "tags", "GET"),
  ];
  const { started, peak } = drain(items, 8);
  assertEquals(peak, 3);
  const posts = started.filter((id) => id.startsWith("posts/"));
  assertEquals(posts, ["posts/get.md", "posts/put.md", "posts/patch.md", "posts/delete.md"]);
  assertEquals(drain(items, 1).started, [
    "posts/get.md",
    "tags/get.md",
    "users/get.md",
    "users/post.md",
    "posts/put.md",
    "posts/patch.md",
    "posts/delete.md",
  ]);
});

Deno.test("ResourceSchedule runs a flow alone on every resource it touches, without deadlock", () => {
  const items: RunItem[] = [
    { id: "flows/a.md", resources: ["users", "posts"], rank: FLOW_RANK },
    { id: "flows/b.md", resources: ["posts", "users"], rank: FLOW_RANK },
    { id: "flows/c.md", resources: ["tags"], rank: FLOW_RANK },
    spec("posts/get.md", "posts", "GET"),
    spec("users/delete.md", "users", "DELETE"),
    { id: "apis/broken.md", resources: [], rank: 0 },
  ];
  const { started } = drain(items, 4);
  assertEquals(started.length, items.length);
  assert(started.indexOf("flows/a.md") > started.indexOf("users/delete.md"));
  assert(started.indexOf("flows/a.md") > started.indexOf("posts/get.md"));
  assert(started.indexOf("flows/b.md") > started.indexOf("flows/a.md"));
});

Deno.test("ResourceSchedule runs the reads of one resource side by side, and a write after all of them", () => {
  const items = [
    ...Array.from({ length: 6 }, (_, i) => spec(`users/get-${i}.md`, "users", "GET")),
    spec("users/head.md", "users", "HEAD"),
    spec("users/delete.md", "users", "DELETE"),
  ];
  const schedule = new ResourceSchedule(items);
  const first = [schedule.take(), schedule.take(), schedule.take(), schedule.take()];
  assertEquals(first.every((i) => i !== undefined && items[i].read), true);
  const running = [...first] as number[];
  // Every read may start before any has finished; the delete waits for all seven.
  for (let i = 0; i < 3; i++) running.push(schedule.take()!);
  assertEquals(running.length, 7);
  assertEquals(schedule.take(), undefined);
  for (const item of running.slice(0, 6)) schedule.finish(item);
  assertEquals(schedule.take(), undefined, "the delete started beside a read still running");
  schedule.finish(running[6]);
  assertEquals(items[schedule.take()!].id, "users/delete.md");
  assertEquals(drain(items, 8).peakReads, 7);
});

Deno.test("ResourceSchedule in the caller's order: reads between writes wait for them", () => {
  const items = ["GET", "GET", "DELETE", "GET", "PUT", "GET"].map((m, i) =>
    spec(`r/${i}-${m}.md`, "r", m, i)
  );
  const schedule = new ResourceSchedule(items);
  assertEquals([schedule.take(), schedule.take(), schedule.take()], [0, 1, undefined]);
  schedule.finish(0);
  assertEquals(schedule.take(), undefined);
  schedule.finish(1);
  assertEquals([schedule.take(), schedule.take()], [2, undefined]);
  schedule.finish(2);
  assertEquals([schedule.take(), schedule.take()], [3, undefined]);
  schedule.finish(3);
  assertEquals(schedule.take(), 4);
  schedule.finish(4);
  assertEquals(schedule.take(), 5);
});
