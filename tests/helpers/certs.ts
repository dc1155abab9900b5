/**
 * A private certificate authority made with `openssl` in a temp folder:
 * a server certificate for 127.0.0.1 and localhost, one for another name,
 * an expired one, and a client certificate, for the TLS tests. Undefined
 * (with the reason printed) when openssl is absent.
 */
export interface Certs extends AsyncDisposable {
  dir: string;
  /** PEM paths. */
  ca: string;
  server: { cert: string; key: string };
  otherName: { cert: string; key: string };
  expired: { cert: string; key: string };
  client: { cert: string; key: string };
  read(path: string): string;
}

async function openssl(dir: string, args: string[]): Promise<void> {
  const out = await new Deno.Command("openssl", { args, cwd: dir, stdout: "null", stderr: "piped" })
    .output();
  if (!out.success) throw new Error(`openssl ${args[0]}: ${new TextDecoder().decode(out.stderr)}`);
}

export function hasOpenssl(): boolean {
  try {
    new Deno.Command("openssl", { args: ["version"], stdout: "null", stderr: "null" }).outputSync();
    return true;
  } catch {
    console.warn("skipping the TLS tests: openssl is not installed");
    return false;
  }
}

/** Makes the CA and its certificates (about half a second: EC keys). */
export async function makeCerts(): Promise<Certs> {
  const dir = await Deno.makeTempDir({ prefix: "apispec-certs-" });
  const key = (name: string) =>
    openssl(dir, ["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", `${name}.key`]);
  await key("ca");
  await openssl(dir, [
    "req",
    "-x509",
    "-new",
    "-key",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "2",
    "-subj",
    "/CN=apispec test CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  ]);
  const leaf = async (
    name: string,
    subject: string,
    san: string,
    usage: string,
    dates?: [string, string],
  ) => {
    await key(name);
    await openssl(dir, [
      "req",
      "-new",
      "-key",
      `${name}.key`,
      "-out",
      `${name}.csr`,
      "-subj",
      subject,
    ]);
    await Deno.writeTextFile(
      `${dir}/${name}.ext`,
      `basicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=${usage}\n` +
        (san ? `subjectAltName=${san}\n` : ""),
    );
    if (dates) {
      // `openssl ca` sets any validity window; `x509 -req` only counts days from now.
      await Deno.writeTextFile(`${dir}/index.txt`, "");
      await Deno.writeTextFile(`${dir}/serial`, "01\n");
      await Deno.writeTextFile(
        `${dir}/ca.cnf`,
        `[ca]\ndefault_ca=test\n[test]\ndatabase=index.txt\nserial=serial\nnew_certs_dir=.\n` +
          `policy=any\ndefault_md=sha256\n[any]\ncommonName=supplied\n`,
      );
      await openssl(dir, [
        "ca",
        "-batch",
        "-config",
        "ca.cnf",
        "-cert",
        "ca.pem",
        "-keyfile",
        "ca.key",
        "-in",
        `${name}.csr`,
        "-out",
        `${name}.pem`,
        "-extfile",
        `${name}.ext`,
        "-startdate",
        dates[0],
        "-enddate",
        dates[1],
        "-notext",
      ]);
    } else {
      await openssl(dir, [
        "x509",
        "-req",
        "-in",
        `${name}.csr`,
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-out",
        `${name}.pem`,
        "-days",
        "2",
        "-extfile",
        `${name}.ext`,
      ]);
    }
  };
  await leaf("server", "/CN=localhost", "DNS:localhost,IP:127.0.0.1", "serverAuth");
  await leaf("other", "/CN=elsewhere.test", "DNS:elsewhere.test", "serverAuth");
  await leaf("expired", "/CN=localhost", "DNS:localhost,IP:127.0.0.1", "serverAuth", [
    "20200101000000Z",
    "20200102000000Z",
  ]);
  await leaf("client", "/CN=apispec client", "", "clientAuth");
  const pair = (name: string) => ({ cert: `${dir}/${name}.pem`, key: `${dir}/${name}.key` });
  return {
    dir,
    ca: `${dir}/ca.pem`,
    server: pair("server"),
    otherName: pair("other"),
    expired: pair("expired"),
    client: pair("client"),
    read: (path: string) => Deno.readTextFileSync(path),
    [Symbol.asyncDispose]: async () => await Deno.remove(dir, { recursive: true }),
  };
}

/** An HTTPS server on 127.0.0.1 presenting `pair` (one of `certs`' certificates). */
export function serveHttps(
  certs: Certs,
  pair: { cert: string; key: string },
  handler: Deno.ServeHandler<Deno.NetAddr>,
): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    cert: certs.read(pair.cert),
    key: certs.read(pair.key),
    onListen() {},
  }, handler);
}
