import { assertEquals } from "@std/assert";
import { isIdSegment, routeTemplate } from "./route_template.ts";

const uuid = "0b7c6d2e-8a5f-4c1e-9d3b-2f6a7e8c9d0a";

Deno.test("routeTemplate() turns numeric and UUID segments into parameters", () => {
  assertEquals(routeTemplate("/users/42"), { path: "/users/:id", params: { id: "42" } });
  assertEquals(routeTemplate(`/orders/${uuid}/items`), {
    path: "/orders/:id/items",
    params: { id: uuid },
  });
  assertEquals(routeTemplate("/users/42/posts/7?x=1"), {
    path: "/users/:userId/posts/:id",
    params: { userId: "42", id: "7" },
  });
  assertEquals(
    routeTemplate("/categories/3/addresses/4/boxes/5").path,
    "/categories/:categoryId/addresses/:addressId/boxes/:id",
  );
});

Deno.test("routeTemplate() keeps other segments, and names stay distinct", () => {
  assertEquals(routeTemplate("/users/me/v2").path, "/users/me/v2");
  assertEquals(routeTemplate("/").path, "/");
  assertEquals(routeTemplate("/users/").path, "/users");
  assertEquals(routeTemplate("/1/2/3").path, "/:id/:id2/:id3");
});

Deno.test("isIdSegment() accepts numbers and UUIDs only", () => {
  assertEquals(["42", uuid, uuid.toUpperCase(), "v2", "4a", ""].map(isIdSegment), [
    true,
    true,
    true,
    false,
    false,
    false,
  ]);
});
