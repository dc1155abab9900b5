/**
 * Colour as data: renderers take a `Paint`, and the CLI decides (TTY,
 * `NO_COLOR`, `--no-color`) whether it is ANSI or plain.
 */

export interface Paint {
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const identity = (text: string) => text;

export const PLAIN: Paint = {
  red: identity,
  green: identity,
  yellow: identity,
  cyan: identity,
  dim: identity,
  bold: identity,
};

const sgr = (open: number, close: number) => (text: string) => `\x1b[${open}m${text}\x1b[${close}m`;

export const ANSI: Paint = {
  red: sgr(31, 39),
  green: sgr(32, 39),
  yellow: sgr(33, 39),
  cyan: sgr(36, 39),
  dim: sgr(2, 22),
  bold: sgr(1, 22),
};
