import { assert, assertEquals } from "@std/assert";
import { CollectionStore } from "./store.ts";
import { ByteBudget, itemBytes } from "./budget.ts";

let uuids = 0;
const options = (idKey = "id", maxItems = 100) => ({
  idKey,
  maxItems,
  newUuid: () => `uuid-${++uuids}`,
});

Deno.test("CollectionStore inserts with the next integer id, after the highest seen", () => {
  const store = new CollectionStore([{ id: 1, name: "a" }, { id: 7, name: "b" }], options());
  const created = store.insert({ name: "c" });
  assertEquals(created, { ok: true, item: { id: 8, name: "c" } });
  store.remove("8");
  // A deleted id is never handed out again.
  assertEquals(store.insert({ name: "d" }), { ok: true, item: { id: 9, name: "d" } });
  assertEquals(store.list().map((i) => i.id), [1, 7, 9]);
});

Deno.test("CollectionStore gives UUIDs when the seed's ids are strings, and keeps a given id", () => {
  const store = new CollectionStore([{ id: "u1" }], options());
  const created = store.insert({ name: "x" });
  assertEquals(
    created.ok && typeof created.item.id === "string" && created.item.id.startsWith("uuid-"),
    true,
  );
  assertEquals(store.insert({ id: "mine", name: "y" }), {
    ok: true,
    item: { id: "mine", name: "y" },
  });
  assertEquals(store.get("mine"), { id: "mine", name: "y" });
});

Deno.test("CollectionStore refuses a taken id, a non-scalar id and a full collection", () => {
  const store = new CollectionStore([{ id: 1 }], options("id", 2));
  assertEquals(store.insert({ id: 1 }).ok ? "" : "conflict", "conflict");
  const bad = store.insert({ id: { nested: true } });
  assertEquals(bad.ok ? "" : bad.reason, "invalid");
  assertEquals(store.insert({}).ok, true);
  const full = store.insert({});
  assertEquals(full.ok ? "" : full.reason, "full");
});

Deno.test("CollectionStore replaces on PUT and merges on PATCH, keeping the id", () => {
  const store = new CollectionStore(
    [{ id: 1, name: "Ada", role: "admin", tags: ["a"] }],
    options(),
  );
  assertEquals(store.replace("1", { id: 99, name: "Grace" }), {
    ok: true,
    item: { id: 1, name: "Grace" },
  });
  assertEquals(store.merge("1", { role: "member", name: null, tags: ["b"] }), {
    ok: true,
    item: { id: 1, role: "member", tags: ["b"] },
  });
  assertEquals(store.merge("1", [1, 2]).ok, false);
  assertEquals(store.replace("2", {}).ok ? "" : "not-found", "not-found");
  assertEquals(store.remove("1").ok, true);
  assertEquals(store.get("1"), undefined);
  assertEquals(store.remove("1").ok, false);
});

Deno.test("CollectionStore leaves the seed objects unchanged", () => {
  const seed = [{ id: 1, name: "Ada" }];
  const store = new CollectionStore(seed, options());
  store.merge("1", { name: "Grace" });
  store.replace("1", { name: "Linus" });
  assertEquals(seed, [{ id: 1, name: "Ada" }]);
});

Deno.test("CollectionStore charges its writes to a shared byte budget and gives them back", () => {
  const budget = new ByteBudget(100);
  const options = { idKey: "id", newUuid: () => "u", maxItems: 10, budget };
  const a = new CollectionStore([{ id: 1, seed: "paid by whoever made the store" }], options);
  const b = new CollectionStore([], options);
  assertEquals(budget.used, 0);
  const note = { text: "x".repeat(40) };
  const noteBytes = itemBytes({ id: 2, ...note });
  assert(a.insert(note).ok);
  assertEquals(budget.used, noteBytes);
  const refused = b.insert(note); // two notes would pass 100 bytes
  assertEquals(refused.ok ? "" : refused.reason, "full");
  assertEquals(budget.used, noteBytes);
  assert(a.replace("2", { text: "short" }).ok); // the difference only
  assertEquals(budget.used, itemBytes({ text: "short", id: 2 }));
  assert(b.insert(note).ok);
  a.remove("2");
  assertEquals(budget.used, itemBytes({ id: 1, ...note }));
});
