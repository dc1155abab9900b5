import { assertEquals } from "@std/assert";
import { signAws } from "./aws_sign.ts";

// AWS's published SigV4 test suite (fixtures/auth/aws-sigv4-suite.json says where from).
const suite = JSON.parse(
  Deno.readTextFileSync(new URL("../../fixtures/auth/aws-sigv4-suite.json", import.meta.url)),
);

for (const test of suite.cases) {
  Deno.test(`signAws() matches the AWS SigV4 suite: ${test.name}`, async () => {
    const signed = await signAws(
      { method: test.method, url: test.url, headers: test.headers, body: test.body },
      { region: suite.region, service: suite.service, ...suite.credentials },
      new Date(suite.signingDate),
    );
    const authorization = signed.headers.filter(([name]) => name.toLowerCase() === "authorization");
    assertEquals(authorization.map(([, value]) => value), [test.authorization]);
  });
}
