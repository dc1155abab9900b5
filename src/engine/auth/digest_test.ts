import { assertEquals } from "@std/assert";
import { createHash } from "node:crypto";
import { type DigestAlgorithm, digestAuthorization, parseDigestChallenges } from "./digest.ts";

const hash = (algorithm: DigestAlgorithm, text: string) =>
  Promise.resolve(createHash(algorithm === "MD5" ? "md5" : "sha256").update(text).digest("hex"));

// RFC 7616 §3.9.1: the same request answered with SHA-256 and with MD5.
const CHALLENGE = 'Digest realm="http-auth@example.org", qop="auth, auth-int", ' +
  'algorithm=SHA-256, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", ' +
  'opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS", Digest realm="http-auth@example.org", ' +
  'qop="auth, auth-int", algorithm=MD5, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", ' +
  'opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"';
const INPUT = {
  username: "Mufasa",
  password: "Circle of Life",
  method: "GET",
  uri: "/dir/index.html",
  cnonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ",
};

Deno.test("digestAuthorization() gives RFC 7616's SHA-256 and MD5 responses", async () => {
  const [sha256, md5] = parseDigestChallenges(CHALLENGE);
  assertEquals([sha256.algorithm, md5.algorithm], ["SHA-256", "MD5"]);
  const viaSha = await digestAuthorization(sha256, INPUT, hash);
  assertEquals(
    /response="([0-9a-f]+)"/.exec(viaSha)?.[1],
    "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1",
  );
  const viaMd5 = await digestAuthorization(md5, INPUT, hash);
  assertEquals(/response="([0-9a-f]+)"/.exec(viaMd5)?.[1], "8ca523f5e9506fed4657c9700eebdbec");
  assertEquals(
    viaMd5.includes('nc=00000001, cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ", qop=auth'),
    true,
  );
  assertEquals(viaMd5.includes('opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"'), true);
});

Deno.test("parseDigestChallenges() skips other schemes, auth-int only and unknown algorithms", () => {
  assertEquals(parseDigestChallenges('Basic realm="x"'), []);
  assertEquals(parseDigestChallenges('Digest realm="x", nonce="n", qop="auth-int"'), []);
  assertEquals(parseDigestChallenges('Digest realm="x", nonce="n", algorithm=SHA-512-256'), []);
  const [plain] = parseDigestChallenges('Digest realm="x", nonce="n"');
  assertEquals([plain.algorithm, plain.qopAuth, plain.session], ["MD5", false, false]);
  const [sess] = parseDigestChallenges('Digest realm="x", nonce="n", qop=auth, algorithm=MD5-sess');
  assertEquals([sess.session, sess.qopAuth], [true, true]);
});
