/** The world as the operations see it: working folder, environment, clock and randomness. */
import { type Clock, systemClock } from "./clock.ts";
import { type Random, systemRandom } from "./random.ts";

export interface OpsContext {
  cwd: string;
  /** The process environment, passed in so nothing below reads `Deno.env` itself. */
  env: Record<string, string>;
  clock: Clock;
  /** Where generated values (`{{$guid}}`) come from; the system's when left out. */
  random?: Random;
  /** Aborted on Ctrl-C: runs stop sending, run their `Always` steps and report. */
  interrupt?: AbortSignal;
}

export function systemContext(): OpsContext {
  return { cwd: Deno.cwd(), env: Deno.env.toObject(), clock: systemClock, random: systemRandom };
}

/** The per-user data folder: XDG on Linux, the platform's app-data folder elsewhere. */
export function userDataDir(env: Record<string, string>): string {
  const home = env.HOME ?? env.USERPROFILE ?? ".";
  if (Deno.build.os === "darwin") return `${home}/Library/Application Support`;
  if (Deno.build.os === "windows") return env.APPDATA ?? `${home}\\AppData\\Roaming`;
  return env.XDG_DATA_HOME || `${home}/.local/share`;
}

/**
 * The per-user cache folder, for what may be deleted at any time (XDG on
 * Linux); undefined without a home to put it in, rather than the working folder.
 */
export function userCacheDir(env: Record<string, string>): string | undefined {
  const home = env.HOME || env.USERPROFILE;
  const under = (path: string) => home ? `${home}${path}` : undefined;
  if (Deno.build.os === "windows") return env.LOCALAPPDATA || under("\\AppData\\Local");
  if (Deno.build.os === "darwin") return under("/Library/Caches");
  return env.XDG_CACHE_HOME || under("/.cache");
}
