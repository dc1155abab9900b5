/**
 * Provider rules: values whose shape names their issuer (`ghp_…`, `AKIA…`,
 * `xoxb-…`). Derived from gitleaks' default rule set (config/gitleaks.toml,
 * https://github.com/gitleaks/gitleaks, MIT licence, Copyright (c) 2019
 * Zachary Rice): ids, keywords, entropy floors and allowlists follow it;
 * regexes are rewritten for JavaScript, and a few shapes it lacks or ties to
 * a provider's name (Google OAuth secrets, Mailgun keys, Telegram bot
 * tokens) stand alone here. Keywords are few and none shorter than three
 * characters (gitleaks has `sk` and `q~`): one regex of them all runs over
 * every file, and its cost grows with their number and shortness. docs/security.md lists
 * the families.
 */

export interface ShapeRule {
  /** The gitleaks rule id it derives from, or apispec's own id. */
  id: string;
  /** Said in findings: "Possible GitHub token". */
  name: string;
  /** Lower-case words one of which a line must hold before the regex runs. */
  keywords: string[];
  /** Group 1 is the secret; a global regex, so every occurrence on a line is found. */
  regex: RegExp;
  /** Minimum Shannon entropy of the secret (bits per character). */
  entropy?: number;
  /** Documented examples that are not secrets. */
  allow?: RegExp;
}

/**
 * Where a secret ends: a quote, space, separator, a backslash (`\"` inside
 * escaped JSON, `\n`) or the end of the line.
 */
const END = String.raw`(?=[\x60'"\s;,)}\]<>&|\\]|$)`;

function rule(
  id: string,
  name: string,
  keywords: string[],
  source: string,
  options: { entropy?: number; allow?: RegExp; flags?: string } = {},
): ShapeRule {
  return {
    id,
    name,
    keywords,
    regex: new RegExp(source, `g${options.flags ?? ""}`),
    entropy: options.entropy,
    allow: options.allow,
  };
}

export const SHAPE_RULES: ShapeRule[] = [
  rule(
    "private-key",
    "private key",
    ["-----begin"],
    String.raw`(-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----)`,
  ),
  rule(
    "aws-access-token",
    "AWS access key",
    ["akia", "asia", "abia", "acca"],
    String.raw`\b((?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b`,
    { entropy: 3, allow: /EXAMPLE$/ },
  ),
  rule(
    "github-pat",
    "GitHub token",
    ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
    String.raw`\b(gh[pousr]_[0-9a-zA-Z]{36,})\b`,
    { entropy: 3 },
  ),
  rule(
    "github-fine-grained-pat",
    "GitHub fine-grained token",
    ["github_pat_"],
    String.raw`\b(github_pat_\w{82})\b`,
    { entropy: 3 },
  ),
  rule(
    "gitlab-pat",
    "GitLab token",
    ["glpat-", "gldt-", "glptt-", "glrt-"],
    String.raw`\b(gl(?:pat|dt|ptt|rt|soat|ft|imt|agent|oas)-[0-9A-Za-z_-]{20,})`,
    { entropy: 3 },
  ),
  rule(
    "slack-token",
    "Slack token",
    ["xox"],
    // As gitleaks' slack-bot-token, slack-user-token and slack-legacy rules: digits where Slack
    // puts its ids, so `xoxb-my-bot-token` is prose.
    String
      .raw`\b(xoxb-\d{10,13}-\d{10,13}[a-zA-Z0-9-]*|xox[pe](?:-\d{10,13}){3}-[a-zA-Z0-9-]{28,34}|xox[aors]-\d+-[0-9A-Za-z-]{8,})`,
    { entropy: 2 },
  ),
  rule(
    "slack-app-token",
    "Slack app token",
    ["xapp"],
    String.raw`\b(xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+)`,
    { entropy: 2, flags: "i" },
  ),
  rule(
    "slack-webhook-url",
    "Slack webhook URL",
    ["hooks.slack.com"],
    String
      .raw`((?:https?:\/\/)?hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+\/]{43,56})`,
    { entropy: 3 },
  ),
  rule(
    "stripe-access-token",
    "Stripe secret key",
    ["k_test_", "k_live_", "k_prod_", "whsec_"],
    String.raw`\b((?:sk|rk)_(?:test|live|prod)_[a-zA-Z0-9]{10,99}|whsec_[a-zA-Z0-9]{24,})` + END,
    { entropy: 2 },
  ),
  rule(
    "gcp-api-key",
    "Google API key",
    ["aiza"],
    String.raw`\b(AIza[\w-]{35})` + END,
    { entropy: 3.5 },
  ),
  rule(
    "google-oauth-client-secret",
    "Google OAuth client secret",
    ["gocspx-"],
    String.raw`\b(GOCSPX-[a-zA-Z0-9_-]{28})` + END,
    { entropy: 3 },
  ),
  rule(
    "openai-api-key",
    "OpenAI-style API key",
    ["sk-"],
    String.raw`\b(sk-(?:proj-|svcacct-|admin-|ant-[a-z]+\d*-)?[A-Za-z0-9_-]{32,})` + END,
    { entropy: 3.5 },
  ),
  rule(
    "jwt",
    "JSON Web Token",
    ["eyj"],
    String
      .raw`\b(ey[a-zA-Z0-9]{17,}\.ey[a-zA-Z0-9\/\\_-]{17,}\.(?:[a-zA-Z0-9\/\\_-]{10,}={0,2})?)` +
      END,
    { entropy: 3 },
  ),
  rule(
    "npm-access-token",
    "npm token",
    ["npm_"],
    String.raw`\b(npm_[a-zA-Z0-9]{36})` + END,
    { entropy: 2 },
  ),
  rule(
    "sendgrid-api-token",
    "SendGrid API key",
    ["sg."],
    String.raw`\b(SG\.[a-zA-Z0-9=_.-]{66})` + END,
    { entropy: 2 },
  ),
  rule(
    "twilio-api-key",
    "Twilio API key",
    ["twilio", "key", "secret", "token"],
    String.raw`\b(SK[0-9a-fA-F]{32})\b`,
    { entropy: 3 },
  ),
  rule(
    "mailgun-private-api-token",
    "Mailgun API key",
    ["key-"],
    String.raw`\b(key-[0-9a-f]{32})\b`,
    { entropy: 3 },
  ),
  rule(
    "pypi-upload-token",
    "PyPI token",
    ["pypi-ageichlwas5vcmc"],
    String.raw`\b(pypi-AgEIcHlwaS5vcmc[\w-]{50,1000})`,
    { entropy: 3 },
  ),
  rule(
    "telegram-bot-api-token",
    "Telegram bot token",
    // `:aa`: bot tokens' secret part starts `AA`, so one under a neutral name is found too.
    ["telegram", "bot:", "token", ":aa"],
    // After a non-digit, not a word boundary: in URLs the token follows `bot`.
    String.raw`(?:^|[^0-9])(\d{5,16}:A[a-zA-Z0-9_-]{34})` + END,
    { entropy: 3 },
  ),
  rule(
    "azure-storage-account-key",
    "Azure storage account key",
    ["accountkey=", "sharedaccesskey="],
    String.raw`(?:AccountKey|SharedAccessKey)=([A-Za-z0-9+\/]{30,}={0,2})`,
    { entropy: 3, flags: "i" },
  ),
  rule(
    "azure-ad-client-secret",
    "Azure AD client secret",
    ["azure", "secret", "client"],
    String
      .raw`(?:^|[\\'"\x60\s>=:(,])([a-zA-Z0-9_~.]{3}\dQ~[a-zA-Z0-9_~.-]{31,34})(?=$|[\\'"\x60\s<),])`,
    { entropy: 3 },
  ),
  rule(
    "digitalocean-pat",
    "DigitalOcean token",
    ["_v1_"],
    String.raw`\b(do[por]_v1_[a-f0-9]{64})` + END,
    { entropy: 3 },
  ),
  rule(
    "shopify-access-token",
    "Shopify token",
    ["shp"],
    String.raw`\b(shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32})\b`,
    { entropy: 2 },
  ),
  rule(
    "huggingface-access-token",
    "Hugging Face token",
    ["hf_"],
    String.raw`\b(hf_[a-zA-Z]{34})` + END,
    { entropy: 2 },
  ),
  rule(
    "postman-api-token",
    "Postman API key",
    ["pmak-"],
    String.raw`\b(PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34})` + END,
    { entropy: 3 },
  ),
];
