/**
 * The vendored libraries are the files scripts/vendor.ts writes, unedited
 * (vendor/README.md says why each is vendored and how to update them).
 */
import { assertEquals } from "@std/assert";
import { ROOT } from "./helpers/cli.ts";

async function sha256(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

Deno.test("vendor/ holds the files vendor/SHA256SUMS records, unedited", async () => {
  const recorded = (await Deno.readTextFile(`${ROOT}/vendor/SHA256SUMS`)).trim().split("\n");
  const actual: string[] = [];
  for (const line of recorded) {
    const file = line.slice(66);
    actual.push(`${await sha256(`${ROOT}/vendor/${file}`)}  ${file}`);
  }
  assertEquals(actual, recorded);
  const present: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of Deno.readDirSync(dir)) {
      if (entry.isDirectory) walk(`${dir}/${entry.name}`, `${prefix}${entry.name}/`);
      else if (prefix !== "") present.push(`${prefix}${entry.name}`);
    }
  };
  walk(`${ROOT}/vendor`, "");
  assertEquals(present.sort(), recorded.map((line) => line.slice(66)).sort());
});
