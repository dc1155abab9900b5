/**
 * The V8 flags the release binary embeds (`deno compile --v8-flags=...`);
 * the benchmarks run `deno run main.ts` with the same ones, so that they
 * measure the module graph as the binary runs it.
 *
 * - `--no-lazy`: every function is compiled when its module is, so V8's code
 *   cache (Deno keeps one per module, and the binary one of its own) holds
 *   them all. Lazily compiled functions are missing from it and are compiled
 *   again on every start at their first call: js-yaml, the parser and the
 *   comparison for one exec. Cold exec 48 → 40 ms under `deno run`; without a
 *   code cache the flag changes nothing (56 ms either way).
 * - `--min-semi-space-size=8`: a larger first young generation spares a short
 *   run (one exec) the 3-4 ms scavenge that module loading otherwise
 *   triggers: cold exec 50.9 → 47.4 ms.
 */
export const V8_FLAGS = ["--no-lazy", "--min-semi-space-size=8"];

/** The flags as one `deno run`/`deno compile` argument. */
export const V8_FLAGS_ARG = `--v8-flags=${V8_FLAGS.join(",")}`;
