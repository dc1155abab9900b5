/**
 * The permissions apispec runs with: the release binary embeds them
 * (`deno compile`), and a checkout install's shim passes the same to
 * `deno run` (`scripts/install.ts`), so both behave alike.
 */
export const PERMISSIONS = [
  "--allow-read",
  "--allow-write",
  "--allow-net",
  "--allow-env",
  "--allow-run",
  "--allow-sys",
];
