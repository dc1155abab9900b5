/**
 * The terminal as the commands see it: two output streams, colour decided
 * once (TTY, NO_COLOR, --no-color), and a prompt for interactive questions.
 */
import { type Paint, PLAIN } from "../engine/render/paint.ts";
import { markedPaint, terminalText } from "../engine/render/terminal_safe.ts";
import { type OpsContext, systemContext } from "../adapters/system.ts";

export interface GlobalOptions {
  config?: string;
  verbose: boolean;
  yes: boolean;
  noColor: boolean;
}

export interface CliIO {
  ctx: OpsContext;
  out(text: string): void;
  err(text: string): void;
  /** Colour for stdout and for stderr, decided separately since either may be piped. */
  paint: Paint;
  errPaint: Paint;
  stdoutIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Asks a question on stderr and reads one line; null at end of input. */
  prompt(question: string): Promise<string | null>;
  global: GlobalOptions;
}

export function wantsColor(
  isTTY: boolean,
  env: Record<string, string>,
  noColorFlag: boolean,
): boolean {
  return isTTY && !noColorFlag && env.NO_COLOR === undefined && env.TERM !== "dumb";
}

const encoder = new TextEncoder();

function writeAll(stream: { writeSync(p: Uint8Array): number }, text: string) {
  const bytes = encoder.encode(text.endsWith("\n") ? text : text + "\n");
  let written = 0;
  while (written < bytes.length) written += stream.writeSync(bytes.subarray(written));
}

async function readLine(): Promise<string | null> {
  const buffer = new Uint8Array(1);
  const bytes: number[] = [];
  while (true) {
    const n = await Deno.stdin.read(buffer);
    if (n === null) return bytes.length ? new TextDecoder().decode(new Uint8Array(bytes)) : null;
    if (buffer[0] === 10) return new TextDecoder().decode(new Uint8Array(bytes)).replace(/\r$/, "");
    bytes.push(buffer[0]);
  }
}

export function systemIO(global: GlobalOptions): CliIO {
  const ctx = systemContext();
  const stdoutIsTTY = Deno.stdout.isTerminal();
  const stderrIsTTY = Deno.stderr.isTerminal();
  const outColour = wantsColor(stdoutIsTTY, ctx.env, global.noColor);
  const errColour = wantsColor(stderrIsTTY, ctx.env, global.noColor);
  // Whatever a file or an API put in the text reaches the terminal escaped, colour codes too;
  // apispec's own colours are marks with this process's key, made colour codes after escaping.
  const key = [...crypto.getRandomValues(new Uint8Array(8))]
    .map((b) => b.toString(16).padStart(2, "0")).join("");
  const painted = markedPaint(key);
  return {
    ctx,
    out: (text) => writeAll(Deno.stdout, terminalText(text, key, outColour)),
    err: (text) => writeAll(Deno.stderr, terminalText(text, key, errColour)),
    paint: outColour ? painted : PLAIN,
    errPaint: errColour ? painted : PLAIN,
    stdoutIsTTY,
    stdinIsTTY: Deno.stdin.isTerminal(),
    prompt: async (question) => {
      Deno.stderr.writeSync(encoder.encode(question));
      return await readLine();
    },
    global,
  };
}
