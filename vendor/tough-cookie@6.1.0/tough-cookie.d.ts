// The bundle's exports, typed by the npm package it was built from (scripts/vendor.ts).
export { CookieJar } from "tough-cookie";
