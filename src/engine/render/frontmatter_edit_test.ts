import { assertEquals } from "@std/assert";
import { setFrontmatterKey } from "./frontmatter_edit.ts";

Deno.test("setFrontmatterKey() replaces the key's line, or adds it before the closing ---", () => {
  const text = "---\nname: shop\nopenapi: old.yaml # was\nversion: 1\n---\n\n# Shop\n";
  assertEquals(
    setFrontmatterKey(text, "openapi", "../openapi.yaml"),
    "---\nname: shop\nopenapi: ../openapi.yaml\nversion: 1\n---\n\n# Shop\n",
  );
  assertEquals(
    setFrontmatterKey("---\nname: shop\n---\n", "openapi", "specs/api v2.yaml"),
    "---\nname: shop\nopenapi: specs/api v2.yaml\n---\n",
  );
  assertEquals(
    setFrontmatterKey("# Shop\n", "openapi", "a.yaml"),
    "---\nopenapi: a.yaml\n---\n# Shop\n",
  );
});
