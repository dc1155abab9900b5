/**
 * The one place the release URL comes from: `APISPEC_RELEASE_URL` when
 * `deno task compile` runs (the folder that serves `<tag>/…` downloads, e.g.
 * `https://github.com/<owner>/<repo>/releases`). The compile script stamps
 * it into the `install.sh` it writes beside the archives; the `install.sh`
 * of a checkout carries none, and asks for `APISPEC_INSTALL_URL` instead of
 * guessing a host.
 */
export const RELEASE_URL_VARIABLE = "APISPEC_RELEASE_URL";

/** The line of install.sh that holds the stamped default. */
const DEFAULT_LINE = /^default_url='[^']*'(.*)$/m;

/** install.sh with `url` as its default release URL. */
export function stampInstaller(script: string, url: string): string {
  if (!DEFAULT_LINE.test(script)) throw new Error("install.sh has no default_url='' line to stamp");
  if (!/^https?:\/\/[^\s']+$/.test(url)) {
    throw new Error(`${RELEASE_URL_VARIABLE} must be an http(s) URL, got "${url}"`);
  }
  return script.replace(DEFAULT_LINE, `default_url='${url.replace(/\/+$/, "")}'$1`);
}
