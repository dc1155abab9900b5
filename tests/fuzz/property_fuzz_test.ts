/**
 * Property-based fuzzing (fast-check) of every parser of untrusted text
 * (targets.ts): for any input drawn from mutated real files and hostile text,
 * a parser answers its documented errors (issues, or an importer's error with
 * a message and a fix), never an exception; in bounded time (each case) and
 * memory (what it produces is bounded by the input's size). fast-check
 * shrinks a failure to a small input, printed with the seed to replay it.
 *
 * APISPEC_FUZZ_RUNS cases per parser (default 2,000), APISPEC_FUZZ_SEED the
 * seed (default fixed, so CI repeats itself); docs/security.md has the long run.
 */
import fc from "fast-check";
import { TARGETS } from "./targets.ts";

const RUNS = Number(Deno.env.get("APISPEC_FUZZ_RUNS") ?? 2000);
const SEED = Number(Deno.env.get("APISPEC_FUZZ_SEED") ?? 20261128);
/** A generous ceiling per case: the parsers take milliseconds; seconds mean a blow-up. */
const MAX_MS = 2_000;
/** What a parser may produce: a generous multiple of its input (a `$ref` or alias bomb fails it). */
const maxOutput = (input: number) => 64 * input + 4 * 1024 * 1024;

for (const target of TARGETS) {
  Deno.test(`fuzz ${target.name}: documented errors only, bounded time and output (seed ${SEED}, ${RUNS} runs)`, async () => {
    let slowest = 0;
    await fc.assert(
      fc.asyncProperty(target.input, async (text) => {
        const started = performance.now();
        const answer = await target.run(text);
        const ms = performance.now() - started;
        slowest = Math.max(slowest, ms);
        if (ms > MAX_MS) throw new Error(`took ${ms.toFixed(0)} ms on ${text.length} characters`);
        if (answer.size > maxOutput(text.length)) {
          throw new Error(`produced ${answer.size} characters from ${text.length}`);
        }
        const lines = text.split(/\r\n|\r|\n/).length;
        for (const problem of answer.problems) {
          if (typeof problem.message !== "string" || problem.message === "") {
            throw new Error(`a problem without a message: ${JSON.stringify(problem)}`);
          }
          if (problem.line !== undefined && !(problem.line >= 1 && problem.line <= lines + 200)) {
            throw new Error(`line ${problem.line} of ${lines}: ${problem.message}`);
          }
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: false },
    );
    console.log(`  ${target.name}: ${RUNS} cases, slowest ${slowest.toFixed(1)} ms`);
  });
}
