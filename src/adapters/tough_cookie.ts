/**
 * tough-cookie from vendor/ (vendor/README.md: from npm it brought Deno's Node
 * layer with it), typed by the npm package; `cookie_jar.ts` imports this
 * module on the first cookie a run keeps.
 */
// @ts-types="../../vendor/tough-cookie@6.1.0/tough-cookie.d.ts"
export { CookieJar } from "tough-cookie-bundle";
