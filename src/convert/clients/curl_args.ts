/**
 * Reads curl's arguments into a request: method, URL, headers, body or form
 * fields, user and cookies, as curl itself would send them. Options curl
 * knows that take a value are listed so their value is never taken for the
 * URL; any other unknown option is treated as a switch.
 */
import { splitShell } from "./shell_words.ts";
import { percentEncoded } from "../../engine/text/percent.ts";

export interface FormField {
  name: string;
  value: string;
  /** Set when the value is read from a file (`-F name=@file`). */
  file?: string;
}

export interface CurlRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
  form?: FormField[];
  user?: string;
  insecure: boolean;
}

/** Long options (and their short forms) that take a value. */
const WITH_VALUE = new Set([
  "abstract-unix-socket",
  "alt-svc",
  "aws-sigv4",
  "cacert",
  "capath",
  "cert",
  "cert-type",
  "ciphers",
  "config",
  "connect-timeout",
  "connect-to",
  "continue-at",
  "cookie",
  "cookie-jar",
  "create-file-mode",
  "crlfile",
  "curves",
  "data",
  "data-ascii",
  "data-binary",
  "data-raw",
  "data-urlencode",
  "delegation",
  "dns-interface",
  "dns-ipv4-addr",
  "dns-ipv6-addr",
  "dns-servers",
  "doh-url",
  "dump-header",
  "ech",
  "egd-file",
  "engine",
  "etag-compare",
  "etag-save",
  "expect100-timeout",
  "form",
  "form-string",
  "ftp-account",
  "ftp-alternative-to-user",
  "ftp-method",
  "ftp-port",
  "ftp-ssl-ccc-mode",
  "happy-eyeballs-timeout-ms",
  "haproxy-clientip",
  "header",
  "help",
  "hostpubmd5",
  "hostpubsha256",
  "hsts",
  "interface",
  "ip-tos",
  "json",
  "keepalive-time",
  "key",
  "key-type",
  "krb",
  "libcurl",
  "limit-rate",
  "local-port",
  "login-options",
  "mail-auth",
  "mail-from",
  "mail-rcpt",
  "max-filesize",
  "max-redirs",
  "max-time",
  "netrc-file",
  "noproxy",
  "oauth2-bearer",
  "output",
  "output-dir",
  "parallel-max",
  "pass",
  "pinnedpubkey",
  "preproxy",
  "proto",
  "proto-default",
  "proto-redir",
  "proxy",
  "proxy-cacert",
  "proxy-capath",
  "proxy-cert",
  "proxy-cert-type",
  "proxy-ciphers",
  "proxy-crlfile",
  "proxy-header",
  "proxy-key",
  "proxy-key-type",
  "proxy-pass",
  "proxy-pinnedpubkey",
  "proxy-service-name",
  "proxy-tls13-ciphers",
  "proxy-tlsauthtype",
  "proxy-tlspassword",
  "proxy-tlsuser",
  "proxy-user",
  "proxy1.0",
  "pubkey",
  "quote",
  "random-file",
  "range",
  "rate",
  "referer",
  "request",
  "request-target",
  "resolve",
  "retry",
  "retry-delay",
  "retry-max-time",
  "sasl-authzid",
  "service-name",
  "socks4",
  "socks4a",
  "socks5",
  "socks5-gssapi-service",
  "socks5-hostname",
  "speed-limit",
  "speed-time",
  "stderr",
  "telnet-option",
  "tftp-blksize",
  "time-cond",
  "tls-max",
  "tls13-ciphers",
  "tlsauthtype",
  "tlspassword",
  "tlsuser",
  "trace",
  "trace-ascii",
  "trace-config",
  "unix-socket",
  "upload-file",
  "url",
  "url-query",
  "user",
  "user-agent",
  "variable",
  "write-out",
  "ipfs-gateway",
  "expand-data",
  "expand-url",
  "expand-header",
]);

const SHORT: Record<string, string> = {
  X: "request",
  H: "header",
  d: "data",
  F: "form",
  u: "user",
  b: "cookie",
  c: "cookie-jar",
  A: "user-agent",
  e: "referer",
  x: "proxy",
  o: "output",
  m: "max-time",
  T: "upload-file",
  E: "cert",
  w: "write-out",
  r: "range",
  U: "proxy-user",
  D: "dump-header",
  K: "config",
  C: "continue-at",
  P: "ftp-port",
  Q: "quote",
  t: "telnet-option",
  y: "speed-time",
  Y: "speed-limit",
  z: "time-cond",
  G: "get",
  I: "head",
  k: "insecure",
  L: "location",
  s: "silent",
  S: "show-error",
  v: "verbose",
  i: "include",
  f: "fail",
  O: "remote-name",
  N: "no-buffer",
  n: "netrc",
  j: "junk-session-cookies",
  J: "remote-header-name",
  q: "disable",
  R: "remote-time",
  Z: "parallel",
  "0": "http1.0",
  "1": "tlsv1",
  "2": "sslv2",
  "3": "sslv3",
  "4": "ipv4",
  "6": "ipv6",
  "#": "progress-bar",
  a: "append",
  B: "use-ascii",
  l: "list-only",
  M: "manual",
  p: "proxytunnel",
  g: "globoff",
  V: "version",
  h: "help",
};

type Option = { name: string; value?: string };

/** Turns words after `curl` into options and positional URLs. */
function readOptions(words: string[]): { options: Option[]; urls: string[] } {
  const options: Option[] = [];
  const urls: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === "--next" || word === ":") break;
    if (word.startsWith("--") && word.length > 2) {
      let name = word.slice(2);
      let value: string | undefined;
      const eq = name.indexOf("=");
      if (eq > 0 && WITH_VALUE.has(name.slice(0, eq))) {
        value = name.slice(eq + 1);
        name = name.slice(0, eq);
      } else if (WITH_VALUE.has(name)) value = words[++i] ?? "";
      options.push({ name, value });
    } else if (word.startsWith("-") && word.length > 1) {
      for (let j = 1; j < word.length; j++) {
        const name = SHORT[word[j]] ?? word[j];
        if (WITH_VALUE.has(name)) {
          const rest = word.slice(j + 1);
          options.push({ name, value: rest !== "" ? rest : words[++i] ?? "" });
          break;
        }
        options.push({ name });
      }
    } else urls.push(word);
  }
  return { options, urls };
}

function withScheme(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`;
}

function addQuery(url: string, query: string): string {
  if (!query) return url;
  const [base, hash] = url.split("#", 2);
  const joined = base.includes("?")
    ? base + (base.endsWith("&") || base.endsWith("?") ? "" : "&") + query
    : `${base}?${query}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

/** `--data-urlencode` forms: `content`, `=content`, `name=content`, `@file`, `name@file`. */
function urlencodeData(value: string): string {
  const eq = value.indexOf("=");
  if (eq === 0) return percentEncoded(value.slice(1));
  if (eq > 0) return `${value.slice(0, eq)}=${percentEncoded(value.slice(eq + 1))}`;
  if (/^[^@]*@/.test(value) && !value.startsWith("@")) return value;
  return value.startsWith("@") ? value : percentEncoded(value);
}

function hasHeader(headers: [string, string][], name: string): boolean {
  return headers.some(([n]) => n.toLowerCase() === name.toLowerCase());
}

/**
 * Parses a pasted cURL command (the first one, when several are chained).
 * Undefined when the text holds no curl command with a URL.
 *
 * @example
 * ```ts
 * import { parseCurl } from "./curl_args.ts";
 * parseCurl("curl -X POST localhost:3000/users -d 'name=ada'")?.url; // "http://localhost:3000/users"
 * ```
 */
export function parseCurl(input: string): CurlRequest | { error: string } {
  const isCurl = (w: string) => /(^|\/)curl(\.exe)?$/.test(w);
  const shell = splitShell(input).find((command) => command.words.some(isCurl));
  if (!shell) return { error: "The input holds no curl command" };
  const start = shell.words.findIndex(isCurl);
  const stdin = shell.stdin ?? (shell.stdinFile !== undefined ? `@${shell.stdinFile}` : undefined);
  const { options, urls } = readOptions(shell.words.slice(start + 1));
  const headers: [string, string][] = [];
  const data: string[] = [];
  const form: FormField[] = [];
  let method: string | undefined;
  let url = urls[0];
  let user: string | undefined;
  let get = false;
  let head = false;
  let upload: string | undefined;
  let insecure = false;
  let json = false;
  const queries: string[] = [];
  for (const { name, value = "" } of options) {
    switch (name) {
      case "request":
        method = value;
        break;
      case "header": {
        const colon = value.indexOf(":");
        if (colon > 0) {
          const header = value.slice(colon + 1).trim();
          if (header !== "") headers.push([value.slice(0, colon).trim(), header]);
        } else if (value.endsWith(";")) headers.push([value.slice(0, -1).trim(), ""]);
        break;
      }
      case "data":
      case "data-ascii":
      case "data-binary":
        data.push(value === "@-" && stdin !== undefined ? stdin : value);
        break;
      case "data-raw":
        data.push(value);
        break;
      case "data-urlencode":
        data.push(urlencodeData(value));
        break;
      case "json":
        // Repeated --json parts are concatenated as they are.
        if (json) data[data.length - 1] += value;
        else data.push(value);
        json = true;
        break;
      case "form":
      case "form-string": {
        const eq = value.indexOf("=");
        const field = value.slice(0, eq === -1 ? value.length : eq);
        let content = eq === -1 ? "" : value.slice(eq + 1);
        if (name === "form") {
          content = content.replace(/;(type|filename|headers|encoder)=[^;]*$/, "");
        }
        if (name === "form" && content.startsWith("@")) {
          form.push({ name: field, value: "", file: content.slice(1).split(";")[0] });
        } else if (name === "form" && content.startsWith("<")) {
          form.push({ name: field, value: "", file: content.slice(1).split(";")[0] });
        } else form.push({ name: field, value: content });
        break;
      }
      case "user":
        user = value;
        break;
      case "cookie":
        if (value.includes("=")) headers.push(["Cookie", value]);
        break;
      case "user-agent":
        headers.push(["User-Agent", value]);
        break;
      case "referer":
        headers.push(["Referer", value.replace(/;auto$/, "")]);
        break;
      case "oauth2-bearer":
        headers.push(["Authorization", `Bearer ${value}`]);
        break;
      case "url":
        url ??= value;
        break;
      case "url-query":
        if (value === "@-" && stdin !== undefined) queries.push(stdin);
        else if (/^[^=@]+@/.test(value)) queries.push(value.replace("@", "=@"));
        else queries.push(value.startsWith("+") ? value.slice(1) : urlencodeData(value));
        break;
      case "get":
        get = true;
        break;
      case "head":
        head = true;
        break;
      case "range":
        headers.push(["Range", /^\d+$/.test(value) ? `bytes=${value}-` : `bytes=${value}`]);
        break;
      case "upload-file":
        upload ??= value;
        break;
      case "insecure":
        insecure = true;
        break;
    }
  }
  if (!url) return { error: "The curl command has no URL" };
  url = withScheme(url);
  if (
    upload !== undefined && /\/$/.test(pathnameOf(url)) && upload !== "-" && upload !== "."
  ) {
    url = url.replace(/\/?(\?|#|$)/, `/${upload.split("/").pop()}$1`);
  }
  const request: CurlRequest = { method: "GET", url, headers, insecure };
  if (user !== undefined) request.user = user;
  if (queries.length) request.url = addQuery(request.url, queries.join("&"));
  // With both -d and -F, the data wins (curl refuses the mix; converters keep -d).
  if (form.length > 0 && data.length === 0) {
    request.form = form;
    request.method = "POST";
  } else if (data.length > 0) {
    const body = data.join("&");
    if (get) request.url = addQuery(request.url, body);
    else {
      request.body = body;
      request.method = "POST";
      if (json) {
        if (!hasHeader(headers, "Content-Type")) headers.push(["Content-Type", "application/json"]);
        if (!hasHeader(headers, "Accept")) headers.push(["Accept", "application/json"]);
      } else if (!hasHeader(headers, "Content-Type")) {
        headers.push(["Content-Type", "application/x-www-form-urlencoded"]);
      }
    }
  }
  if (upload !== undefined) request.method = "PUT";
  if (head) request.method = "HEAD";
  if (method !== undefined) request.method = method.toUpperCase();
  return request;
}

/** A URL's path, or "" when the text is no URL (`-T` before a header's words). */
function pathnameOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "";
  }
}
