/**
 * The held-out secret corpus of issue 23 item 3 and issue 30 item 11: the
 * categories a review found missed, each in every place a secret hides in an
 * endpoint collection (JSON, escaped JSON and form bodies, headers, query
 * strings, env files, frontmatter), and gitleaks' own rule test cases (the
 * sample forms of its `GenerateSampleSecrets`, its true positives rebuilt
 * from their shapes, its false positives as they are). Built at run time from
 * parts and a seeded generator: no literal token sits in the repository.
 *
 * gitleaks (https://github.com/gitleaks/gitleaks, MIT licence, Copyright (c)
 * 2019 Zachary Rice): cmd/generate/config/rules/*.go and
 * cmd/generate/config/utils/generate.go.
 */
import { Gen } from "./secret_samples.ts";

/** Where a line goes in a collection. */
export type Position =
  | "json body"
  | "escaped json"
  | "form body"
  | "header"
  | "query"
  | "env file"
  | "frontmatter"
  | "notes";

export interface CorpusSample {
  /** What it is, for the report: "Telegram bot token / form body". */
  family: string;
  position: Position;
  /** The line as written in its place. */
  line: string;
}

const p = (...parts: string[]) => parts.join("");

/** A credential and the names it goes by. */
interface Credential {
  family: string;
  value: string;
  /** The field, header or variable name it sits under. */
  key: string;
  /** Set when the value's shape names it: then also under a neutral key. */
  shaped?: boolean;
  /** The header it is sent in, when not `key`. */
  header?: string;
}

/** One credential in every place a secret hides. */
function everywhere(c: Credential): CorpusSample[] {
  const s = (position: Position, line: string) => ({
    family: `${c.family} / ${position}`,
    position,
    line,
  });
  const samples = [
    s("json body", `"${c.key}": "${c.value}"`),
    s("escaped json", `"payload": "{\\"${c.key}\\":\\"${c.value}\\",\\"n\\":1}"`),
    s("form body", `grant_type=client_credentials&${c.key}=${encodeURIComponent(c.value)}`),
    s("header", c.header ?? `${c.key}: ${c.value}`),
    s("query", `GET {{baseUrl}}/things?${c.key}=${encodeURIComponent(c.value)}&page=2`),
    s("env file", `${c.key}: ${c.value}`),
    s("frontmatter", `vars: {${c.key}: "${c.value}"}`),
  ];
  if (c.shaped) {
    samples.push(
      { family: `${c.family} / neutral key`, position: "json body", line: `"data": "${c.value}"` },
      {
        family: `${c.family} / neutral env`,
        position: "env file",
        line: `chatConfig: ${c.value}`,
      },
      {
        family: `${c.family} / URL`,
        position: "json body",
        line: `"callback": "https://hooks.acme.test/in?api_key=${c.value}&v=2"`,
      },
    );
  }
  return samples;
}

/** The categories issue 23 and issue 30 found missed. */
function missedCategories(g: Gen): Credential[] {
  const hex = (n: number) => g.hex(n);
  const asia = p("AS", "IA") + g.base32(16);
  return [
    {
      family: "AWS access key id",
      key: "accessKeyId",
      value: p("AK", "IA") + g.base32(16),
      shaped: true,
    },
    {
      family: "AWS temporary key",
      key: "aws_access_key_id",
      value: asia,
      shaped: true,
      header: `Authorization: AWS4-HMAC-SHA256 Credential=${asia}/20240101/us-east-1/execute-api/` +
        `aws4_request, SignedHeaders=host;x-amz-date, Signature=${hex(64)}`,
    },
    {
      family: "GitHub fine-grained PAT",
      key: "github_token",
      value: p("github", "_pat_") + g.alnum(22) + "_" + g.alnum(59),
      shaped: true,
      header: `Authorization: Bearer ${p("github", "_pat_")}${g.alnum(82)}`,
    },
    {
      family: "Authorization Token scheme",
      key: "auth_token",
      value: hex(40),
      header: `Authorization: Token ${hex(40)}`,
    },
    { family: "password", key: "password", value: g.password() },
    { family: "client secret", key: "client_secret", value: g.urlsafe(32) },
    { family: "refresh token", key: "refresh_token", value: g.urlsafe(43) },
    {
      family: "Telegram bot token",
      key: "telegram_token",
      value: `${g.digits(10)}:${p("A", "A")}${g.urlsafe(33)}`,
      shaped: true,
    },
    {
      family: "Mailgun key",
      key: "mailgun_api_key",
      value: p("ke", "y-") + hex(32),
      shaped: true,
      header: `Authorization: Basic ${btoa(`api:${p("ke", "y-")}${hex(32)}`)}`,
    },
    {
      family: "Stripe key",
      key: "stripe_key",
      value: p("sk", "_live_") + g.alnum(24),
      shaped: true,
    },
    { family: "API key", key: "api_key", value: g.alnum(32), header: `X-Api-Key: ${g.alnum(32)}` },
  ];
}

/** gitleaks' `GenerateSampleSecrets` forms that fit an endpoint file, `{i}` the identifier. */
const GITLEAKS_FORMS = [
  "{i}Token={s}",
  '{i}Token = "{s}"',
  '"{i}_token": "{s}"',
  '\\"{i}_token\\": \\"{s}\\"',
  "{i}_token: {s}",
  "{i}_token: '{s}'",
  '{i}_token: "{s}"',
  "{i}Token = '{s}'",
  '{i}_TOKEN := "{s}"',
  '  "{i}Token" => "{s}"',
];

/** gitleaks' true positives for the families apispec knows, their shapes rebuilt. */
function gitleaksTruePositives(g: Gen): CorpusSample[] {
  const rules: [string, string, string][] = [
    ["aws-access-token", "AWS", p("AK", "IA") + g.base32(16)],
    ["aws-access-token (ASIA)", "AWS", p("AS", "IA") + g.base32(16)],
    ["github-pat", "github", p("gh", "p_") + g.alnum(36)],
    ["github-fine-grained-pat", "github", p("github", "_pat_") + g.alnum(82)],
    ["github-oauth", "github", p("gh", "o_") + g.alnum(36)],
    ["gitlab-pat", "gitlab", p("gl", "pat-") + g.urlsafe(20)],
    ["slack-bot-token", "bot", p("xo", "xb-") + `${g.digits(12)}-${g.digits(13)}-${g.alnum(24)}`],
    ["stripe-access-token", "stripe", p("sk", "_test_") + g.alnum(30)],
    ["stripe-access-token (prod)", "stripe", p("sk", "_prod_") + g.alnum(99)],
    ["sendgrid-api-token", "sengridAPIToken", p("S", "G.") + g.urlsafe(66)],
    ["twilio-api-key", "twilio", p("S", "K") + g.hex(32)],
    ["mailgun-private-api-token", "mailgun", p("ke", "y-") + g.hex(32)],
    ["telegram-bot-api-token", "telegram", `${g.digits(8)}:A${g.urlsafe(34)}`],
    ["telegram-bot-api-token (5 digits)", "telegram", `${g.digits(5)}:A${g.urlsafe(34)}`],
    ["gcp-api-key", "gcp", p("AI", "za") + g.urlsafe(35)],
    ["npm-access-token", "npm", p("np", "m_") + g.alnum(36)],
    ["digitalocean-pat", "do", p("do", "p_v1_") + g.hex(64)],
    ["shopify-access-token", "shopify", p("shp", "at_") + g.hex(32)],
    ["huggingface-access-token", "huggingface", p("h", "f_") + g.pick(ALPHA, 34)],
    ["jwt", "jwt", g.jwt()],
  ];
  const samples: CorpusSample[] = [];
  for (const [id, identifier, secret] of rules) {
    for (const form of GITLEAKS_FORMS) {
      samples.push({
        family: `gitleaks ${id}`,
        position: "notes",
        line: form.replaceAll("{i}", identifier).replaceAll("{s}", secret),
      });
    }
  }
  // Explicit true positives gitleaks lists beside the generated ones.
  const telegram = `${g.digits(8)}:A${g.urlsafe(34)}`;
  samples.push(
    {
      family: "gitleaks telegram (env)",
      position: "notes",
      line: `TELEGRAM_API_TOKEN = ${telegram}`,
    },
    { family: "gitleaks telegram (prose)", position: "notes", line: `telegram bot: ${telegram}` },
  );
  return samples;
}

const ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Look-alikes: none may be flagged. gitleaks' false positives as its rules list them, and ours. */
function lookAlikes(g: Gen): CorpusSample[] {
  const notes = (family: string, line: string): CorpusSample => ({
    family,
    position: "notes",
    line,
  });
  const lines: [string, string][] = [
    // gitleaks aws.go
    ["gitleaks aws low entropy", "key = AKIAXXXXXXXXXXXXXXXX"],
    ["gitleaks aws placeholder", "aws_access_key: AKIAIOSFODNN7EXAMPLE"],
    ["gitleaks aws lowercase", 'msgstr "Näytä asiakirjamallikansio."'],
    ["gitleaks aws wrong length", "TODAYINASIAASACKOFRICEFELLOVER"],
    // gitleaks github.go
    ["gitleaks github filler", p("gh", "p_") + "x".repeat(36)],
    [
      "gitleaks github fine-grained filler",
      p("github", "_pat_") + "x".repeat(22) + "_" + "x".repeat(59),
    ],
    // gitleaks slack.go
    ["gitleaks slack filler", p("xo", "xb-") + "xxxxxxxxx-xxxxxxxxxx-xxxxxxxxxxxx"],
    ["gitleaks slack short", p("xo", "xb-") + "xxx"],
    ["gitleaks slack words", p("xo", "xb-") + "xoxb-my-bot-token"],
    // gitleaks stripe.go
    // gitleaks tests its Stripe rule with a token-named variable; the shape is what is tested.
    ["gitleaks stripe task_test_", `nonMatching := "task_test_${g.alnum(30)}"`],
    // gitleaks telegram.go
    ["gitleaks telegram too short", `telegram_api_token = "${g.digits(4)}:A${g.urlsafe(34)}"`],
    ["gitleaks telegram too long", `telegram_api_token = "${g.digits(17)}:A${g.urlsafe(34)}"`],
    [
      "gitleaks telegram xsd",
      `<xsd:element name="AgencyIdentificationCode" type="clm${
        g.digits(5)
      }:AgencyIdentificationCodeContentType"/>`,
    ],
    // gitleaks gcp.go
    ["gitleaks gcp low entropy", 'apiKey: "AIzaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"'],
    ["gitleaks gcp wrong case", "AIZASYCO2CXRMC9ELSKLHLHRMBSWDEVEDZTLO2O"],
    // gitleaks azure.go
    ["gitleaks azure filler", "client_secret=bP88Q~xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"],
    ["gitleaks azure tildes", "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~"],
    // gitleaks huggingface.go
    ["gitleaks huggingface ObjC", "- (id)hf_requiredCharacteristicTypesForDisplayMetadata;"],
    ["gitleaks huggingface filler", "HUGGINGFACE_API_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx,"],
    // gitleaks curl.go
    ["gitleaks curl test:test", "curl -i -u 'test:test'"],
    ["gitleaks curl env", '   curl -sL --user "$1:$2" "$3" > "$4"'],
    ["gitleaks curl placeholder", "curl -u <user:password> https://test.com/endpoint"],
    ["gitleaks curl brackets", "curl --user neo4j:[PASSWORD] http://[IP]:7474/db/data/"],
    ["gitleaks curl no password", 'curl -u "myusername" http://localhost:15130/api/check_user/'],
    ["gitleaks curl ${}", 'curl -u "${_username}:${_password}"'],
    ["gitleaks curl empty", 'curl -u ":" https://localhost:9200'],
    ["gitleaks curl ${{ }}", 'curl -XGET -i -u "${{ env.ELK_ID }}:${{ build.env.ELK_PASS }}"'],
    ["gitleaks curl $()", 'curl -X POST --user "$(cat ./login.txt):$(cat ./password.txt)"'],
    ["gitleaks curl bearer X", 'curl -H "Authorization: Bearer XXXXXXXXXXXX" https://example.com'],
    ["gitleaks curl basic ...", '--header "Authorization: Basic ..."'],
    ["gitleaks curl token stars", '-H "Authorization: Token **********"'],
    ["gitleaks curl $API_KEY", '-H "apikey: $API_KEY"'],
    // gitleaks generic.go
    ["gitleaks generic accessor", '"accessor":"rA1wk0Y45YCufyfq",'],
    ["gitleaks generic access id", "report_access_id: e8e4df51-2054-49b0-ab1c-516ac95c691d"],
    ["gitleaks generic api version", "COMMUNICATION_API_VERSION=rc0.13.0_20230412_0712-SNAPSHOT"],
    ["gitleaks generic apiUrl", "apiUrl=apigee.corpint.com"],
    ["gitleaks generic author", 'author = "james.fake@ymail.com",'],
    [
      "gitleaks generic auth source",
      "X-MS-Exchange-Organization-AuthSource: sm02915.int.contoso.com",
    ],
    ["gitleaks generic credentialsId", "credentialsId: 'ff083f76-7804-4ef1-80e4-fe975bb9141b'"],
    ["gitleaks generic CREDENTIALS_ID", 'CREDENTIALS_ID = "K8S_CRED"'],
    ["gitleaks generic keyword", 'keyword: "Befaehigung_P2"'],
    ["gitleaks generic primaryKey", `primaryKey=${g.urlsafe(30)}`],
    ["gitleaks generic foreignKey", `foreignKey=${g.urlsafe(30)}`],
    ["gitleaks generic keystore", "app.keystore.file=env/cert.p12"],
    ["gitleaks generic bucket_key", '"bucket_key": "SalesResults-1.2"'],
    ["gitleaks generic schemaKey", "schemaKey = 'DOC_Vector_5_32'"],
    ["gitleaks generic keytab", "-DKEYTAB_FILE=/tmp/app.keytab"],
  ];
  const ours: CorpusSample[] = [
    {
      family: "placeholder password / form body",
      position: "form body",
      line: "username={{user}}&password={{password}}",
    },
    {
      family: "placeholder secret / escaped json",
      position: "escaped json",
      line: '"payload": "{\\"client_secret\\":\\"{{clientSecret}}\\"}"',
    },
    {
      family: "env var / query",
      position: "query",
      line: "GET {{baseUrl}}/things?api_key=${API_KEY}&page=2",
    },
    {
      family: "placeholder / query",
      position: "query",
      line: "GET {{baseUrl}}/things?access_token={{token}}",
    },
    {
      family: "token_type / form body",
      position: "form body",
      line: "grant_type=refresh_token&token_type=bearer",
    },
    {
      family: "Token placeholder / header",
      position: "header",
      line: "Authorization: Token {{apiToken}}",
    },
    {
      family: "UUID / json body",
      position: "json body",
      line: `"requestId": "${g.hex(8)}-${g.hex(4)}-4${g.hex(3)}-a${g.hex(3)}-${g.hex(12)}"`,
    },
    {
      family: "numeric chat id / json body",
      position: "json body",
      line: `"chat_id": ${g.digits(10)}`,
    },
    {
      family: "message / json body",
      position: "json body",
      line: '"text": "Deploy finished: 12:34 on host-7"',
    },
    {
      family: "ARN / env file",
      position: "env file",
      line: `roleArn: arn:aws:iam::${g.digits(12)}:role/deployer`,
    },
    {
      family: "SHA / frontmatter",
      position: "frontmatter",
      line: `vars: {commit: "${g.hex(40)}"}`,
    },
    {
      family: "URL without key / json body",
      position: "json body",
      line: '"callback": "https://hooks.acme.test/in?page=2&v=2"',
    },
    {
      family: "time / escaped json",
      position: "escaped json",
      line: '"payload": "{\\"at\\":\\"2024-06-01T12:00:00Z\\",\\"n\\":1}"',
    },
  ];
  return [...lines.map(([family, line]) => notes(family, line)), ...ours];
}

/** Secrets, each line to be found. */
export function corpusSecrets(g = new Gen(41)): CorpusSample[] {
  return [...missedCategories(g).flatMap(everywhere), ...gitleaksTruePositives(g)];
}

/** Look-alikes, none to be flagged. */
export function corpusLookAlikes(g = new Gen(43)): CorpusSample[] {
  return lookAlikes(g);
}

/** A sample in a file of its own, where it goes: the file's path and text. */
export function placeSample(sample: CorpusSample, n: number): { path: string; text: string } {
  const id = String(n).padStart(3, "0");
  if (sample.position === "env file") {
    return {
      path: `api-docs/envs/e${id}/_shared/env.md`,
      text: `## dev\n\n\`\`\`yaml\nbaseUrl: http://127.0.0.1:9\n${sample.line}\n\`\`\`\n`,
    };
  }
  let request = "GET {{baseUrl}}/things\nAccept: application/json";
  let front = "";
  let notes = "";
  switch (sample.position) {
    case "json body":
    case "escaped json":
      request =
        `POST {{baseUrl}}/things\nContent-Type: application/json\n\n{\n  "name": "x",\n  ${sample.line}\n}`;
      break;
    case "form body":
      request =
        `POST {{baseUrl}}/things\nContent-Type: application/x-www-form-urlencoded\n\n${sample.line}`;
      break;
    case "header":
      request = `GET {{baseUrl}}/things\n${sample.line}`;
      break;
    case "query":
      request = sample.line;
      break;
    case "frontmatter":
      front = `${sample.line}\n`;
      break;
    case "notes":
      notes = `\n## Notes\n\n\`\`\`text\n${sample.line}\n\`\`\`\n`;
  }
  const method = request.split(" ")[0];
  return {
    path: `api-docs/apis/things/${method.toLowerCase()}-s${id}.md`,
    text: `---
resource: things
protocol: http
method: ${method}
path: /things/s${id}
version: 1
${front}---
# Sample ${id}

## Request

\`\`\`http
${request}
\`\`\`

## Expected response

\`\`\`http
HTTP/1.1 200 OK
\`\`\`
${notes}`,
  };
}
