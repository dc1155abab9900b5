/**
 * The cookie jar of one run (`check`, a flow with its sub-flows, a batch,
 * Run all): `Set-Cookie` answers are kept by RFC 6265's rules (domain,
 * path, expiry, `Secure`) and sent on later matching requests. The rules are
 * tough-cookie's; it is loaded on the first `Set-Cookie` a run keeps, so a
 * run whose API sets no cookie never pays for it (`tough_cookie.ts`: from
 * vendor/, without Deno's Node layer).
 */
import type { CookieJar as ToughJar } from "tough-cookie";

export class RunCookieJar {
  #jar?: ToughJar;
  #loading?: Promise<ToughJar>;

  /** Keeps the cookies of one response to `url`. Invalid ones are dropped, as browsers do. */
  async store(url: string, setCookies: string[]): Promise<void> {
    if (setCookies.length === 0) return;
    const jar = this.#jar ?? await this.#load();
    for (const header of setCookies) {
      await jar.setCookie(header, url, { ignoreError: true });
    }
  }

  /** The `Cookie` header for a request to `url`, or undefined when nothing matches. */
  async header(url: string): Promise<string | undefined> {
    if (!this.#jar) return undefined;
    const value = await this.#jar.getCookieString(url);
    return value === "" ? undefined : value;
  }

  #load(): Promise<ToughJar> {
    this.#loading ??= import("./tough_cookie.ts").then(({ CookieJar }) =>
      this.#jar = new CookieJar(undefined, { looseMode: true })
    );
    return this.#loading;
  }
}
