import { assertEquals, assertThrows } from "@std/assert";
import { stampInstaller } from "./release_url.ts";

Deno.test("stampInstaller() sets install.sh's default release URL, and only a real URL", async () => {
  const script = await Deno.readTextFile(new URL("../../install.sh", import.meta.url));
  const stamped = stampInstaller(script, "https://example.test/releases/");
  assertEquals(
    stamped.split("\n").find((l) => l.startsWith("default_url=")),
    "default_url='https://example.test/releases' # stamped by scripts/compile.ts from APISPEC_RELEASE_URL",
  );
  assertEquals(stamped.replace(/^default_url=.*$/m, ""), script.replace(/^default_url=.*$/m, ""));
  assertThrows(() => stampInstaller(script, "github.com/x/y'; rm -rf /"));
});
