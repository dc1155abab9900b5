/**
 * The single-page UI: the HTML shell, the bundle (loaded lazily, so commands
 * that never serve it, such as `demo`, run without a build), and a favicon.
 */
export interface Assets {
  html: string;
  files: Map<string, { body: string; type: string }>;
}

const FAVICON =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2563eb"/><path d="M9 11h14M9 16h9M9 21h12" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/></svg>`;

async function shortHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 6)].map((b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

/** Where the bundle came from, or why there is none. */
export interface AssetsLoad {
  assets?: Assets;
  /** True when web/dist/ was built just now (a source checkout's first `serve`). */
  built?: boolean;
  /** Why building it failed. */
  error?: string;
}

/** The built assets; from a source checkout without web/dist/, builds it first. */
export async function loadAssets(): Promise<AssetsLoad> {
  let bundle: { js: string; css: string; editorJs: string } | undefined;
  try {
    bundle = await import("./bundle.ts");
  } catch { /* not built: a compiled binary always carries it, a checkout can build it */ }
  let built = false;
  if (!bundle) {
    const { buildUiFromCheckout } = await import("./build_ui.ts");
    const build = await buildUiFromCheckout();
    if (!build.bundle) return { error: build.error };
    built = true;
    bundle = build.bundle;
  }
  const version = await shortHash(bundle.js + bundle.css + bundle.editorJs);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>apispec</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/app.css?v=${version}">
</head>
<body>
<div id="app"></div>
<script type="module" src="/assets/app.js?v=${version}"></script>
</body>
</html>
`;
  const assets: Assets = {
    html,
    files: new Map([
      ["/assets/app.js", { body: bundle.js, type: "text/javascript; charset=utf-8" }],
      ["/assets/app.css", { body: bundle.css, type: "text/css; charset=utf-8" }],
      // Fetched by app.js the first time an editor opens.
      ["/assets/editor.js", { body: bundle.editorJs, type: "text/javascript; charset=utf-8" }],
      ["/assets/favicon.svg", { body: FAVICON, type: "image/svg+xml" }],
    ]),
  };
  return { assets, built };
}
