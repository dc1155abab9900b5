/**
 * The secret scanner on 10,000 endpoint files (the demo collection's files,
 * repeated), against a floor measured in the same run: js-yaml parsing the
 * same files' frontmatter, the work `validate` cannot avoid. The scanner runs
 * on every file `validate` walks and every file a command reads, so it must
 * stay close to that floor (the scanner it replaced, with a third of its rules, was
 * about 0.7 of it). Target: scan ≤ 1.25 × the floor.
 */
// @ts-types="@types/js-yaml"
import yaml from "js-yaml";
import { join } from "node:path";
import { scanSecrets } from "../src/engine/secrets/scan.ts";
import { maskShapes } from "../src/engine/secrets/mask.ts";
import { loadNote, median, timeIt, verdict } from "./_measure.ts";

const COUNT = 10_000;
const root = new URL("../fixtures/demo/api-docs/", import.meta.url).pathname;
const files: string[] = [];
const walk = (dir: string) => {
  for (const entry of Deno.readDirSync(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) walk(path);
    else if (entry.name.endsWith(".md")) files.push(Deno.readTextFileSync(path));
  }
};
walk(root);
const texts = Array.from({ length: COUNT }, (_, i) => files[i % files.length]);
const frontmatters = texts.map((t) => /^---\n([\s\S]*?)\n---/.exec(t)?.[1] ?? "");

const floor = () =>
  timeIt(() => {
    for (const text of frontmatters) yaml.load(text, { schema: yaml.CORE_SCHEMA });
  });
const scan = () =>
  timeIt(() => {
    for (const text of texts) scanSecrets(text, "a.md");
  });
const mask = () =>
  timeIt(() => {
    for (const text of texts) maskShapes(text);
  });
// Warm the JIT once, then alternate so load changes hit both alike.
floor(), scan(), mask();
const floors: number[] = [];
const scans: number[] = [];
const masks: number[] = [];
for (let i = 0; i < 7; i++) {
  floors.push(floor().cpuMs);
  scans.push(scan().cpuMs);
  masks.push(mask().cpuMs);
}
const floorMs = median(floors);
const scanMs = median(scans);
const ratio = scanMs / floorMs;
console.log(
  `secret scan of ${COUNT} endpoint files (${files.length} demo files repeated) ${loadNote()}`,
);
console.log(
  `  scan ${scanMs.toFixed(1)} ms CPU, mask ${median(masks).toFixed(1)} ms CPU (median of 7)`,
);
console.log(`  floor: js-yaml frontmatter parse of the same files ${floorMs.toFixed(1)} ms CPU`);
console.log(`  scan / floor = ${ratio.toFixed(2)}; target ≤ 1.25: ${verdict(ratio, 1.25)}`);
