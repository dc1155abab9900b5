/**
 * Parse of one endpoint file (frontmatter, sections, http blocks, assertions).
 * Target: ≤ 50 µs per file.
 */
import { parseEndpoint } from "../src/engine/parse/spec.ts";
import { loadNote, median, timeIt, verdict } from "./_measure.ts";

const file = new URL("../fixtures/demo/api-docs/apis/users/get-user-by-id.md", import.meta.url);
const text = await Deno.readTextFile(file);
const ITERATIONS = 10_000;

const run = () =>
  timeIt(() => {
    for (let i = 0; i < ITERATIONS; i++) parseEndpoint(text, "apis/users/get-user-by-id.md");
  });
run(); // warm-up: let the JIT settle
const samples = Array.from({ length: 7 }, run);
const cpu = median(samples.map((s) => (s.cpuMs * 1000) / ITERATIONS));
const wall = median(samples.map((s) => (s.wallMs * 1000) / ITERATIONS));
console.log(
  `parse one endpoint file (${text.length} bytes, ${
    text.split("\n").length
  } lines, 5 sections) ${loadNote()}`,
);
console.log(
  `  ${cpu.toFixed(1)} µs CPU per file (wall ${wall.toFixed(1)} µs), median of 7 × ${ITERATIONS}`,
);
console.log(`  target ≤ 50 µs: ${verdict(cpu, 50)}`);
