/**
 * HTTP clients for requests that need more than the default one: a private
 * CA besides the system roots, a client certificate (mTLS), or the proxy of
 * project.md. One client per distinct setting, kept for the run (it holds
 * the connection pool); plain requests use Deno's default client.
 */

export interface ClientSettings {
  /** Absolute paths of PEM files to trust besides the system roots. */
  ca: string[];
  cert?: string;
  key?: string;
  proxy?: string;
}

export type ClientChoice = { client?: Deno.HttpClient; problem?: undefined } | {
  client?: undefined;
  /** A file that cannot be read, or a client Deno refuses; says which. */
  problem: string;
};

export class HttpClients {
  #clients = new Map<string, Deno.HttpClient>();

  /** The client for these settings; none for the defaults. */
  get(settings: ClientSettings): ClientChoice {
    if (settings.ca.length === 0 && !settings.cert && !settings.proxy) return {};
    const key = JSON.stringify(settings);
    const known = this.#clients.get(key);
    if (known) return { client: known };
    const read = (path: string, what: string) => {
      try {
        return Deno.readTextFileSync(path);
      } catch (error) {
        throw new Error(`Cannot read ${what} ${path}: ${(error as Error).message}`);
      }
    };
    try {
      const proxy = settings.proxy ? proxyOption(settings.proxy) : undefined;
      const client = Deno.createHttpClient({
        ...(settings.ca.length > 0 ? { caCerts: settings.ca.map((p) => read(p, "tls.ca")) } : {}),
        ...(settings.cert && settings.key
          ? { cert: read(settings.cert, "tls.cert"), key: read(settings.key, "tls.key") }
          : {}),
        ...(proxy ? { proxy } : {}),
      });
      this.#clients.set(key, client);
      return { client };
    } catch (error) {
      return { problem: (error as Error).message };
    }
  }

  close(): void {
    for (const client of this.#clients.values()) client.close();
    this.#clients.clear();
  }
}

/** Deno's proxy option: credentials in the URL become basic auth. */
function proxyOption(url: string): Deno.Proxy {
  const parsed = new URL(url);
  const basicAuth = parsed.username
    ? {
      username: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
    }
    : undefined;
  parsed.username = "";
  parsed.password = "";
  return { url: parsed.toString(), ...(basicAuth ? { basicAuth } : {}) };
}

/** The PEM texts of `tls:` files (for the unverified path, which takes contents). */
export function readPemFiles(
  ca: string[],
  cert?: string,
  key?: string,
): { ca?: string[]; cert?: string; key?: string; problem?: string } {
  try {
    return {
      ca: ca.map((p) => Deno.readTextFileSync(p)),
      ...(cert && key
        ? { cert: Deno.readTextFileSync(cert), key: Deno.readTextFileSync(key) }
        : {}),
    };
  } catch (error) {
    return { problem: `Cannot read a tls file: ${(error as Error).message}` };
  }
}
