/**
 * One corpus of hostile strings for every test of text apispec writes or
 * reads: generated code (k6, Artillery and its processor), markup (HTML,
 * markdown, JUnit XML), GitHub workflow commands, shell completion scripts,
 * YAML, and later the parsers under fuzzing. Each string tries to end the
 * literal, comment, tag, line or document it is put in and run something.
 *
 * Payloads that would run code set a canary, so a test only has to check
 * that the canary stayed unset: JavaScript sets `globalThis.__apispecPwned`,
 * shells create the file named by the environment variable
 * `APISPEC_CANARY`.
 */

/** The global a JavaScript payload sets when it runs. */
export const JS_CANARY = "__apispecPwned";

/** The environment variable naming the file a shell payload creates when it runs. */
export const SHELL_CANARY = "APISPEC_CANARY";

export interface Hostile {
  /** What it attacks, for failure messages. */
  name: string;
  text: string;
}

const js = `globalThis.${JS_CANARY}=1`;

export const HOSTILE: readonly Hostile[] = [
  // JavaScript: comments, strings, templates, line terminators.
  { name: "block comment end (issue 23)", text: `Evil */ ${js}; /* x` },
  {
    name: "block comment end with require (issue 30)",
    text: `*/ ${js}; require("child_process").execSync("true") /*`,
  },
  { name: "line comment break (LF)", text: `x\n${js};//` },
  { name: "line comment break (CR)", text: `x\r${js};//` },
  { name: "line comment break (CRLF)", text: `x\r\n${js};//` },
  { name: "U+2028 line separator", text: `x\u2028${js};//` },
  { name: "U+2029 paragraph separator", text: `x\u2029${js};//` },
  { name: "double-quoted string end", text: `"; ${js}; "` },
  { name: "single-quoted string end", text: `'; ${js}; '` },
  { name: "template literal", text: "`${" + js + "}`" },
  { name: "template substitution", text: "${" + js + "}" },
  { name: "backslash at the end", text: `x\\` },
  { name: "escaped quote", text: `\\"; ${js}; //` },
  { name: "object key __proto__", text: "__proto__" },
  { name: "JSON __proto__ pollution", text: '{"__proto__": {"polluted": 1}}' },
  // HTML and XML.
  { name: "script tag", text: `</script><script>${js}</script>` },
  { name: "img onerror", text: `<img src=x onerror="${js}">` },
  { name: "attribute break", text: `" onmouseover="${js}" x="` },
  { name: "single-quoted attribute break", text: `' onfocus='${js}' autofocus x='` },
  { name: "svg onload", text: `<svg onload=${js}>` },
  { name: "HTML comment end", text: `--><script>${js}</script><!--` },
  { name: "CDATA end", text: `]]><x>${js}</x><![CDATA[` },
  { name: "XML entity", text: '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>&e;' },
  { name: "ampersand entity", text: "&amp; &lt; &#x3c;script&#x3e;" },
  { name: "style injection", text: `</style><style>body{background:url(x)}</style>` },
  // Control characters and odd Unicode.
  { name: "NUL", text: "a\x00b" },
  { name: "ESC sequences", text: "\x1b[31mred\x1b]0;title\x07\x1b[2J" },
  { name: "C1 NEL", text: "a\x85b" },
  { name: "DEL and C1", text: "a\x7f\x9bb" },
  { name: "vertical tab and form feed", text: "a\x0b\x0cb" },
  { name: "BOM and RTL override", text: "\ufeffa\u202eb\u200b" },
  { name: "noncharacters", text: "a\ufffe\uffffb" },
  { name: "lone surrogate", text: "a\ud800b" },
  { name: "astral", text: "a\u{1f600}b" },
  // YAML.
  { name: "YAML anchor", text: "&anchor value" },
  { name: "YAML alias", text: "*anchor" },
  { name: "YAML tag", text: "!!js/function 'function(){}'" },
  { name: "YAML local tag", text: "!<tag:yaml.org,2002:str> x" },
  { name: "YAML mapping", text: "key: value" },
  { name: "YAML comment", text: "x # comment" },
  { name: "YAML document markers", text: "---\n...\n%YAML 1.2" },
  { name: "YAML block scalar", text: "|\n  block" },
  { name: "YAML complex key", text: "? key\n: value" },
  { name: "YAML flow", text: "{a: [1, 2], b: *x}" },
  { name: "YAML booleans and nulls", text: "yes" },
  { name: "YAML null", text: "~" },
  { name: "YAML number", text: "0o17" },
  { name: "leading and trailing space", text: "  padded  " },
  // Markdown and GitHub workflow commands.
  { name: "workflow command", text: "::error file=x,line=1::spoofed" },
  { name: "workflow command after a line break", text: "x\n::add-mask::secret" },
  { name: "workflow stop-commands", text: "::stop-commands::apispec-text" },
  { name: "legacy workflow command", text: "x ##[set-output name=x;]y" },
  { name: "workflow escapes", text: "%0A%25%3A%2C" },
  { name: "markdown table", text: "| a | b |" },
  { name: "markdown code", text: "``` x `" },
  { name: "markdown link", text: "[link](javascript:alert(1))" },
  { name: "markdown image", text: "![x](http://127.0.0.1:9/track.png)" },
  { name: "markdown emphasis and math", text: "*a* _b_ ~c~ $d$" },
  { name: "markdown heading", text: "# heading" },
  { name: "mention", text: "@octocat #1" },
  // Shells.
  { name: "command substitution", text: `$(touch "$${SHELL_CANARY}")` },
  { name: "backticks", text: '`touch "$' + SHELL_CANARY + '"`' },
  { name: "shell separator", text: `; touch "$${SHELL_CANARY}" #` },
  { name: "single quote break", text: `'; touch "$${SHELL_CANARY}"; '` },
  { name: "fish command substitution", text: `(touch $${SHELL_CANARY})` },
  { name: "elvish command substitution", text: `(touch $E:${SHELL_CANARY})` },
  { name: "PowerShell subexpression", text: `$(New-Item $env:${SHELL_CANARY})` },
  { name: "PowerShell curly quote", text: `\u2019; New-Item $env:${SHELL_CANARY}; \u2018` },
  { name: "glob and brace", text: "* ? [a] {a,b}" },
  // Template engines and spreadsheets.
  { name: "Artillery template", text: "{{ $env.HOME }}" },
  { name: "Artillery function", text: "{{ $randomString() }}" },
  { name: "apispec placeholder", text: "{{baseUrl}}" },
  { name: "CSV formula", text: '=HYPERLINK("http://127.0.0.1:9/x","y")' },
  { name: "CSV formula starts", text: "+1 -1 @SUM(A1)" },
  { name: "CSV tab formula", text: "\t=1+1" },
  // Size.
  { name: "very long", text: "A".repeat(100_000) + `*/ ${js}; /*` },
];

/** The strings alone. */
export const HOSTILE_TEXTS: readonly string[] = HOSTILE.map((h) => h.text);
