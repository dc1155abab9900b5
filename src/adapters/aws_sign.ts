/**
 * AWS Signature Version 4 with the AWS SDK's own signer
 * (@smithy/signature-v4, SHA-256 from @aws-crypto/sha256-js), loaded only
 * when an endpoint uses `auth: aws-sigv4`. Checked against AWS's published
 * SigV4 test suite (src/adapters/aws_sign_test.ts).
 */
import type { ResolvedRequest } from "../engine/model.ts";

export interface AwsSigning {
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The request with `Authorization`, `X-Amz-Date` (and the session token, and for S3 the payload hash) added. */
export async function signAws(
  request: ResolvedRequest,
  aws: AwsSigning,
  now: Date,
): Promise<ResolvedRequest> {
  const [{ SignatureV4 }, { Sha256 }] = await Promise.all([
    import("@smithy/signature-v4"),
    import("@aws-crypto/sha256-js"),
  ]);
  const s3 = aws.service === "s3";
  const signer = new SignatureV4({
    region: aws.region,
    service: aws.service,
    credentials: {
      accessKeyId: aws.accessKeyId,
      secretAccessKey: aws.secretAccessKey,
      ...(aws.sessionToken ? { sessionToken: aws.sessionToken } : {}),
    },
    sha256: Sha256,
    // S3 signs the path as sent and wants the payload hash header; other services neither.
    uriEscapePath: !s3,
    applyChecksum: s3,
  });
  const url = new URL(request.url);
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const known = query[name];
    query[name] = known === undefined ? value : [...[known].flat(), value];
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) {
    const lower = name.toLowerCase();
    headers[lower] = headers[lower] === undefined ? value : `${headers[lower]},${value}`;
  }
  headers.host ??= url.host;
  const signed = await signer.sign({
    method: request.method,
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    // As sent (percent-encoded): the signer encodes it once more for services other than S3.
    path: url.pathname,
    query,
    headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
  }, { signingDate: now });
  const added = Object.entries(signed.headers as Record<string, string>).filter(([name]) =>
    !(name in headers) || name === "authorization"
  );
  const kept = request.headers.filter(([name]) => name.toLowerCase() !== "authorization");
  return { ...request, headers: [...kept, ...added] };
}
