/**
 * The `apispec` launcher that `scripts/install.ts` writes for a source
 * checkout. It runs the checkout's own `main.ts` with the checkout's own
 * `deno.json` (its import map, lock file and node_modules), so `git pull`
 * there upgrades the installed command.
 *
 * Why not `deno install -g`: Deno 2.9 copies the config into
 * `<root>/bin/.apispec/` (without `--config`: an empty `{"workspace": []}`,
 * so the import map is gone and the first import of `std-path` fails), and
 * its launcher runs `exec deno ...`, which fails when Deno came from `npx`
 * and is not on `PATH`. This launcher names the Deno that installed it
 * (absolute), then any `deno` on `PATH`, then fetches the same version with
 * `npx` (an npx cache cleared since).
 */
import { PERMISSIONS } from "./permissions.ts";
import { V8_FLAGS_ARG } from "./v8_flags.ts";

export interface ShimInput {
  /** Absolute path of the checkout (the folder holding main.ts and deno.json). */
  checkout: string;
  /** Absolute path of the Deno executable that ran the installer. */
  deno: string;
  /** Its version, for the npx fallback (`npx -y deno@<version>`). */
  denoVersion: string;
}

/** The file name of the launcher in `<prefix>/bin` on this OS. */
export function shimName(os: typeof Deno.build.os): string {
  return os === "windows" ? "apispec.cmd" : "apispec";
}

/** Arguments of `deno` after the executable: run, permissions, V8 flags, config, entry. */
function runArgs(checkout: string, separator: "/" | "\\"): string[] {
  return [
    "run",
    ...PERMISSIONS,
    V8_FLAGS_ARG,
    "--config",
    `${checkout}${separator}deno.json`,
    `${checkout}${separator}main.ts`,
  ];
}

/** One word for POSIX sh, whatever it holds. */
function shQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The POSIX sh launcher. */
export function posixShim(input: ShimInput): string {
  const args = runArgs(input.checkout, "/").map(shQuote).join(" ");
  return `#!/bin/sh
# apispec from the checkout ${input.checkout.replaceAll("\n", " ")}
# Written by its scripts/install.ts. It runs that checkout's main.ts with its
# deno.json, so \`git pull\` there upgrades it. Delete this file to uninstall.
deno=${shQuote(input.deno)}
if [ ! -x "$deno" ]; then
  deno=$(command -v deno 2>/dev/null) || deno=
fi
set -- ${args} "$@"
if [ -n "$deno" ]; then
  exec "$deno" "$@"
fi
# No Deno left on this machine (an npx cache cleared): fetch the same version.
exec npx -y deno@${shQuote(input.denoVersion)} "$@"
`;
}

/** One word for cmd.exe (Windows paths cannot hold a double quote). */
function cmdQuote(word: string): string {
  const escaped = word.replaceAll("%", "%%");
  return /[\s&|<>^()%]/.test(word) ? `"${escaped}"` : escaped;
}

/** The Windows launcher (cmd.exe batch file). */
export function windowsShim(input: ShimInput): string {
  const args = runArgs(input.checkout, "\\").map(cmdQuote).join(" ");
  return [
    "@echo off",
    `rem apispec from the checkout ${input.checkout}, written by its scripts/install.ts.`,
    "rem It runs that checkout's main.ts with its deno.json, so git pull there upgrades it.",
    `if exist ${cmdQuote(input.deno)} (`,
    `  ${cmdQuote(input.deno)} ${args} %*`,
    ") else (",
    `  npx -y deno@${input.denoVersion} ${args} %*`,
    ")",
    "exit /b %ERRORLEVEL%",
    "",
  ].join("\r\n");
}
