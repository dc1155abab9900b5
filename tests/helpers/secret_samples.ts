/**
 * Realistic secrets and their look-alikes, generated at run time from parts
 * so that no literal token sits in the repository. A seeded generator keeps
 * every run the same. Each sample is one line as people write it in an
 * endpoint file: a request header, a JSON body line, YAML, a shell command.
 */
import { seededRandom as seeded } from "../../src/engine/examples/random.ts";

/** Where a sample line goes in an endpoint file. */
export type Place = "header" | "body" | "yaml" | "shell" | "frontmatter";

export interface Sample {
  family: string;
  place: Place;
  line: string;
}

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const ALNUM = UPPER + LOWER + DIGITS;
const HEX = "0123456789abcdef";
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const B64 = ALNUM + "+/";
const URLSAFE = ALNUM + "-_";

/** mulberry32, seeded (the example generator's source): good enough for test data. */
export { seeded };

export class Gen {
  #next: () => number;
  constructor(seed = 11) {
    this.#next = seeded(seed);
  }
  pick(alphabet: string, length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.#next() * alphabet.length)];
    return out;
  }
  alnum = (n: number) => this.pick(ALNUM, n);
  hex = (n: number) => this.pick(HEX, n);
  lower = (n: number) => this.pick(LOWER + DIGITS, n);
  b64 = (n: number) => this.pick(B64, n);
  urlsafe = (n: number) => this.pick(URLSAFE, n);
  digits = (n: number) => this.pick(DIGITS, n);
  base32 = (n: number) => this.pick(BASE32, n);
  /** A password people choose: a word, digits and a symbol. */
  password = () => this.pick(UPPER, 1) + this.pick(LOWER, 6) + this.pick(DIGITS, 2) + "!";
  jwt(): string {
    const part = (json: unknown) =>
      btoa(JSON.stringify(json)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    return `${part({ alg: "HS256", typ: "JWT" })}.${
      part({ sub: this.digits(8), name: "Ada", iat: 1700000000 })
    }.${this.urlsafe(43)}`;
  }
}

/** Joins parts, so a provider prefix never appears whole in the source. */
const p = (...parts: string[]) => parts.join("");

/** Known-good secrets: each line must be found. */
export function secretSamples(g = new Gen(11)): Sample[] {
  const s = (family: string, place: Place, line: string): Sample => ({ family, place, line });
  const user = "svc_" + g.lower(5);
  return [
    s("AWS access key", "yaml", `aws_access_key_id: ${p("AK", "IA")}${g.base32(16)}`),
    s("AWS temporary key", "shell", `export AWS_ACCESS_KEY_ID=${p("AS", "IA")}${g.base32(16)}`),
    s("AWS secret key", "yaml", `aws_secret_access_key: ${g.b64(40)}`),
    s("GitHub PAT", "header", `Authorization: token ${p("gh", "p_")}${g.alnum(36)}`),
    s("GitHub OAuth", "body", `"access_token": "${p("gh", "o_")}${g.alnum(36)}"`),
    s("GitHub app", "yaml", `installationToken: ${p("gh", "s_")}${g.alnum(36)}`),
    s(
      "GitHub fine-grained",
      "shell",
      `GH_TOKEN=${p("github", "_pat_")}${g.alnum(22)}_${g.alnum(59)}`,
    ),
    s("GitLab PAT", "header", `PRIVATE-TOKEN: ${p("gl", "pat-")}${g.urlsafe(20)}`),
    s("GitLab deploy", "yaml", `deploy: ${p("gl", "dt-")}${g.urlsafe(20)}`),
    s(
      "Slack bot",
      "yaml",
      `slack: ${p("xo", "xb-")}${g.digits(12)}-${g.digits(12)}-${g.alnum(24)}`,
    ),
    s(
      "Slack user",
      "body",
      `"slack": "${p("xo", "xp-")}${g.digits(11)}-${g.digits(11)}-${g.digits(12)}-${g.hex(32)}"`,
    ),
    s(
      "Slack app",
      "shell",
      `SLACK_APP=${p("xa", "pp-")}1-A${g.pick(UPPER + DIGITS, 10)}-${g.digits(13)}-${g.hex(64)}`,
    ),
    s(
      "Slack webhook",
      "yaml",
      `notify: https://${p("hooks.", "slack.com")}/services/T${g.pick(UPPER + DIGITS, 8)}/B${
        g.pick(UPPER + DIGITS, 10)
      }/${g.alnum(24)}`,
    ),
    s("Stripe live", "header", `Authorization: Bearer ${p("sk", "_live_")}${g.alnum(24)}`),
    s("Stripe test", "yaml", `stripe: ${p("sk", "_test_")}${g.alnum(24)}`),
    s("Stripe restricted", "body", `"key": "${p("rk", "_live_")}${g.alnum(24)}"`),
    s("Stripe webhook", "shell", `STRIPE_WEBHOOK=${p("wh", "sec_")}${g.alnum(32)}`),
    s("Google API key", "yaml", `maps: ${p("AI", "za")}Sy${g.urlsafe(33)}`),
    s("Google OAuth secret", "body", `"client_secret": "${p("GOC", "SPX-")}${g.urlsafe(28)}"`),
    s("OpenAI key", "header", `Authorization: Bearer ${p("sk", "-proj-")}${g.urlsafe(48)}`),
    s("JWT header", "header", `Authorization: Bearer ${g.jwt()}`),
    s("JWT body", "body", `"id_token": "${g.jwt()}"`),
    s("npm token", "shell", `//registry.npmjs.org/:_authToken=${p("np", "m_")}${g.alnum(36)}`),
    s("SendGrid", "yaml", `sendgrid: ${p("S", "G.")}${g.urlsafe(22)}.${g.urlsafe(43)}`),
    s("Twilio API key", "yaml", `twilio: ${p("S", "K")}${g.hex(32)}`),
    s("Twilio auth token", "yaml", `twilio_auth_token: ${g.hex(32)}`),
    s("Mailgun", "shell", `MAILGUN=${p("ke", "y-")}${g.hex(32)}`),
    s("PyPI", "shell", `password = ${p("py", "pi-", "AgEIcHlwaS5vcmc")}${g.urlsafe(70)}`),
    s(
      "Telegram bot",
      "shell",
      `TELEGRAM_BOT=https://api.telegram.org/bot${g.digits(10)}:${p("A", "A")}${g.urlsafe(33)}`,
    ),
    s(
      "Azure storage",
      "yaml",
      `storage: DefaultEndpointsProtocol=https;AccountName=acme;${p("Account", "Key=")}${
        g.b64(86)
      }==;EndpointSuffix=core.windows.net`,
    ),
    s(
      "Azure Service Bus",
      "shell",
      `SB="Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=send;${
        p("SharedAccess", "Key=")
      }${g.b64(43)}="`,
    ),
    s("Azure AD secret", "yaml", `azure_client_secret: ${g.alnum(3)}8Q~${g.urlsafe(34)}`),
    s("RSA private key", "yaml", p("-----BEGIN RSA ", "PRIVATE KEY-----")),
    s("OpenSSH private key", "shell", p("-----BEGIN OPENSSH ", "PRIVATE KEY-----")),
    s("Basic auth in URL", "yaml", `baseUrl: https://${user}:${g.password()}@api.acme.test/v1`),
    s("Postgres URL", "yaml", `database: postgres://app:${g.lower(12)}@db.internal:5432/app`),
    s("MySQL URL", "shell", `DATABASE_URL=mysql://root:${g.alnum(14)}@127.0.0.1:3306/shop`),
    s(
      "MongoDB URL",
      "body",
      `"mongo": "mongodb+srv://${user}:${g.alnum(16)}@cluster0.ab1cd.mongodb.net/db"`,
    ),
    s("Redis URL", "yaml", `cache: redis://:${g.alnum(20)}@cache.internal:6379/0`),
    s("AMQP URL", "shell", `amqp://guest:${g.lower(10)}@rabbit:5672/`),
    s("Bearer in JSON", "body", `"Authorization": "Bearer ${g.urlsafe(40)}"`),
    s("Basic header", "header", `Authorization: Basic ${btoa(`${user}:${g.password()}`)}`),
    s("Opaque bearer", "header", `Authorization: Bearer ${g.alnum(32)}`),
    s("lower-case password", "yaml", `password: ${g.pick(LOWER, 12)}`),
    s("short password", "yaml", `db_password: ${g.pick(LOWER, 3)}${g.digits(1)}`),
    s("password with #", "yaml", `password: ${g.pick(LOWER, 4)}#${g.alnum(5)}`),
    s("JSON password", "body", `"password": "${g.pick(LOWER, 6)}${g.digits(1)}"`),
    s("dotenv password", "shell", `DB_PASSWORD=${g.pick(LOWER, 6)}${g.digits(3)}`),
    s("client secret", "yaml", `client_secret: ${g.alnum(40)}`),
    s("API key header", "header", `X-Api-Key: ${g.alnum(32)}`),
    s("token in query", "header", `GET {{baseUrl}}/reports?access_token=${g.alnum(32)}`),
    s("quoted api key", "shell", `api_key = "${g.alnum(28)}"`),
    s("session cookie", "header", `Cookie: session=${g.urlsafe(40)}`),
    s("refresh token", "body", `"refresh_token": "${g.urlsafe(48)}"`),
    s("curl -u", "shell", `curl -u admin:${g.password()} https://api.acme.test/admin`),
    s("frontmatter var", "frontmatter", `vars: {apiToken: ${g.alnum(36)}}`),
    s("DigitalOcean", "shell", `DO_TOKEN=${p("do", "p_v1_")}${g.hex(64)}`),
    s("Shopify", "header", `X-Shopify-Access-Token: ${p("shp", "at_")}${g.hex(32)}`),
    s("Hugging Face", "shell", `HF_TOKEN=${p("h", "f_")}${g.pick(UPPER + LOWER, 34)}`),
    s("Postman", "yaml", `postman: ${p("PM", "AK-")}${g.hex(24)}-${g.hex(34)}`),
  ];
}

/** Look-alikes: key names, placeholders, ids and documented examples; none may be flagged. */
export function lookAlikeSamples(g = new Gen(23)): Sample[] {
  const s = (family: string, place: Place, line: string): Sample => ({ family, place, line });
  return [
    s("placeholder bearer", "header", "Authorization: Bearer {{authToken}}"),
    s("env bearer", "header", "Authorization: Bearer ${TOKEN}"),
    s("shell bearer", "shell", 'curl -H "Authorization: Bearer $TOKEN" https://api.acme.test'),
    s("angle bearer", "header", "Authorization: Bearer <token>"),
    s("masked bearer", "header", "Authorization: Bearer ****"),
    s("placeholder basic", "header", "Authorization: Basic {{basicCredentials}}"),
    s("your token", "shell", "Authorization: Bearer YOUR_API_TOKEN"),
    s("apiKeyName", "yaml", "apiKeyName: X-Api-Key"),
    s("apiKeyHeader", "yaml", "apiKeyHeader: X-API-Key"),
    s("tokenEndpoint", "yaml", "tokenEndpoint: https://auth.acme.test/oauth/token"),
    s("tokenUrl", "yaml", "tokenUrl: https://auth.acme.test/oauth2/v2.0/token"),
    s("tokenizer", "yaml", "tokenizer: wordpiece-v2"),
    s("passwordHint", "yaml", "passwordHint: Your first pet's name"),
    s("passwordPattern", "yaml", "passwordPattern: ^(?=.*[A-Z])(?=.*\\d).{12,}$"),
    s("passwordPolicy", "body", '"passwordPolicy": "strict"'),
    s("secretName", "yaml", "secretName: prod/db/credentials"),
    s(
      "ARN",
      "yaml",
      `secret: arn:aws:secretsmanager:us-east-1:${g.digits(12)}:secret:prod/db-${g.alnum(6)}`,
    ),
    s("role ARN", "body", `"roleArn": "arn:aws:iam::${g.digits(12)}:role/deployer"`),
    s("AWS example key", "yaml", "aws_access_key_id: AKIAIOSFODNN7EXAMPLE"),
    s(
      "AWS example secret",
      "yaml",
      "aws_secret_access_key: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    ),
    s("git SHA", "yaml", `commit: ${g.hex(40)}`),
    s("sha field", "body", `"sha": "${g.hex(40)}"`),
    s("UUID id", "body", `"id": "${uuid(g)}"`),
    s("UUID key", "body", `"idempotencyKey": "${uuid(g)}"`),
    s("request id", "header", `X-Request-Id: ${uuid(g)}`),
    s("lorem password", "yaml", "password: lorem ipsum"),
    s("changeme", "yaml", "password: changeme"),
    s("placeholder password", "body", '"password": "{{password}}"'),
    s("env password", "yaml", "password: ${DB_PASSWORD}"),
    s("angle password", "body", '"password": "<password>"'),
    s("masked password", "body", '"password": "****"'),
    s("max_tokens", "body", '"max_tokens": 4096'),
    s("token_type", "body", '"token_type": "Bearer"'),
    s("auth kind", "frontmatter", "auth: bearer"),
    s("author", "body", '"author": "Ada Lovelace"'),
    s("turkey", "yaml", "turkey: roasted"),
    s("public key", "yaml", `publicKey: ${g.b64(44)}`),
    s("primary key", "body", `"primaryKey": "${g.alnum(16)}"`),
    s("plain URL", "header", "GET {{baseUrl}}/users?page=2&per_page=50"),
    s("ssh remote", "shell", "git clone git@github.com:acme/api.git"),
    s("email", "yaml", "contact: ada@acme.test"),
    s("link header", "header", 'Link: <https://api.acme.test/users?page=2>; rel="next"'),
    s("etag", "header", `ETag: "${g.hex(40)}"`),
    s("publishable key", "yaml", `stripePublishable: ${p("pk", "_live_")}${g.alnum(24)}`),
    s("filler stripe", "yaml", `stripe: ${p("sk", "_test_")}${"x".repeat(24)}`),
    s("filler github", "shell", `GH_TOKEN=${p("gh", "p_")}${"x".repeat(36)}`),
    s(
      "Slack example hook",
      "yaml",
      `notify: https://${
        p("hooks.", "slack.com")
      }/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`,
    ),
    s("curl placeholders", "shell", "curl -u {{username}}:{{password}} https://api.acme.test"),
    s("URL placeholder", "yaml", "database: postgres://app:{{dbPassword}}@db.internal:5432/app"),
    s("URL env", "shell", "MONGO=mongodb://${MONGO_USER}:${MONGO_PASSWORD}@mongo:27017"),
    s("bare key word", "yaml", "key: value"),
    s("csrf placeholder", "header", "X-CSRF-Token: {{csrfToken}}"),
    s("boolean secret", "yaml", "secret: true"),
    s("key id", "body", '"keyId": "k-2024-01"'),
    s("prose", "yaml", "The password: must be at least 12 characters long"),
    s("cache key", "yaml", "cacheKey: users:list:page-2"),
    s("api version", "yaml", "apiVersion: 2024-06-01"),
    s("expires", "body", '"expires_in": 3600'),
    s("sessionId UUID", "body", `"sessionId": "${uuid(g)}"`),
  ];
}

function uuid(g: Gen): string {
  return `${g.hex(8)}-${g.hex(4)}-4${g.hex(3)}-a${g.hex(3)}-${g.hex(12)}`;
}
