// The signed hand-off a customer's server makes to sign a player into a campaign page, as short
// programs in five languages (the campaign's "Get link" dialog shows them; tests/api runs them
// against the server). The rule is the server's (src/server/play/participants.ts):
// sig = base64url(HMAC-SHA256(apiSecret, campaignId + "." + userId + "." + exp)), the HMAC keyed
// with the secret's text as UTF-8 (never base64-decoded), base64url without padding, exp in Unix
// seconds at most 24 h ahead; then `/p/<campaignId>?u=<userId>&exp=<exp>&sig=<sig>`. Pure text.
import { API_SECRET_VARIABLE } from '../integration/sdk/httpSnippets';

export { API_SECRET_VARIABLE };

/** The languages, in the order the dialog shows them. */
export const HANDOFF_LANGUAGES = ['node', 'python', 'go', 'java', 'php'] as const;
export type HandoffLanguage = (typeof HANDOFF_LANGUAGES)[number];

/** What each language is called on its tab. */
export const HANDOFF_LANGUAGE_NAMES: Record<HandoffLanguage, string> = {
  node: 'Node.js',
  python: 'Python',
  go: 'Go',
  java: 'Java',
  php: 'PHP',
};

/** The file each program is saved as to run it (Java's source launcher wants the class's file). */
export const HANDOFF_FILES: Record<HandoffLanguage, string> = {
  node: 'handoff.mjs',
  python: 'handoff.py',
  go: 'handoff.go',
  java: 'Handoff.java',
  php: 'handoff.php',
};

/** The user id the dialog's programs sign in: the customer puts their own signed-in user's. */
export const SAMPLE_USER_ID = 'user-42';

/** How far ahead the programs set `exp` (seconds); the server allows at most 24 h. */
export const HANDOFF_TTL_SECONDS = 600;

export interface HandoffInput {
  /** Where the console (and so the participant page) is reached: the campaign link's origin and path prefix. */
  base: string;
  campaignId: string;
  userId?: string;
}

/**
 * The console's base of a participant link (`{PUBLIC_URL}/p/<id>` -> `{PUBLIC_URL}`), or the
 * link's origin when it is no participant link.
 */
export function participantBase(link: string): string {
  const url = new URL(link);
  const at = url.pathname.lastIndexOf('/p/');
  return `${url.origin}${at > 0 ? url.pathname.slice(0, at) : ''}`;
}

// A double-quoted literal that Python, Go and Java all read as the same text.
const quoted = (value: string) => JSON.stringify(value);
// A single-quoted literal (JavaScript, PHP): the backslash and the quote escaped.
const singleQuoted = (value: string) => `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;

function node({ base, campaignId, userId }: Required<HandoffInput>): string {
  return [
    `import { createHmac } from 'node:crypto';`,
    ``,
    `const apiSecret = process.env.${API_SECRET_VARIABLE};`,
    `const campaignId = ${singleQuoted(campaignId)};`,
    `const userId = ${singleQuoted(userId)};`,
    `const exp = Math.floor(Date.now() / 1000) + ${HANDOFF_TTL_SECONDS};`,
    `const sig = createHmac('sha256', apiSecret)`,
    `  .update(campaignId + '.' + userId + '.' + exp)`,
    `  .digest('base64url');`,
    `const url = ${singleQuoted(`${base}/p/`)} + encodeURIComponent(campaignId) +`,
    `  '?u=' + encodeURIComponent(userId) + '&exp=' + exp + '&sig=' + sig;`,
    `console.log(url);`,
  ].join('\n');
}

function python({ base, campaignId, userId }: Required<HandoffInput>): string {
  return [
    `import base64, hashlib, hmac, os, time`,
    `from urllib.parse import quote`,
    ``,
    `api_secret = os.environ[${quoted(API_SECRET_VARIABLE)}]`,
    `campaign_id = ${quoted(campaignId)}`,
    `user_id = ${quoted(userId)}`,
    `exp = int(time.time()) + ${HANDOFF_TTL_SECONDS}`,
    `message = f"{campaign_id}.{user_id}.{exp}"`,
    `digest = hmac.new(api_secret.encode("utf-8"), message.encode("utf-8"), hashlib.sha256).digest()`,
    `sig = base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")`,
    `url = (${quoted(`${base}/p/`)} + quote(campaign_id, safe="")`,
    `       + "?u=" + quote(user_id, safe="") + "&exp=" + str(exp) + "&sig=" + sig)`,
    `print(url)`,
  ].join('\n');
}

function go({ base, campaignId, userId }: Required<HandoffInput>): string {
  return [
    `package main`,
    ``,
    `import (`,
    `\t"crypto/hmac"`,
    `\t"crypto/sha256"`,
    `\t"encoding/base64"`,
    `\t"fmt"`,
    `\t"net/url"`,
    `\t"os"`,
    `\t"strconv"`,
    `\t"time"`,
    `)`,
    ``,
    `func main() {`,
    `\tapiSecret := os.Getenv(${quoted(API_SECRET_VARIABLE)})`,
    `\tcampaignID := ${quoted(campaignId)}`,
    `\tuserID := ${quoted(userId)}`,
    `\texp := strconv.FormatInt(time.Now().Unix()+${HANDOFF_TTL_SECONDS}, 10)`,
    `\tmac := hmac.New(sha256.New, []byte(apiSecret))`,
    `\tmac.Write([]byte(campaignID + "." + userID + "." + exp))`,
    `\tsig := base64.RawURLEncoding.EncodeToString(mac.Sum(nil))`,
    `\tfmt.Println(${quoted(`${base}/p/`)} + url.PathEscape(campaignID) +`,
    `\t\t"?u=" + url.QueryEscape(userID) + "&exp=" + exp + "&sig=" + sig)`,
    `}`,
  ].join('\n');
}

function java({ base, campaignId, userId }: Required<HandoffInput>): string {
  return [
    `import java.net.URLEncoder;`,
    `import java.nio.charset.StandardCharsets;`,
    `import java.util.Base64;`,
    `import javax.crypto.Mac;`,
    `import javax.crypto.spec.SecretKeySpec;`,
    ``,
    `public class Handoff {`,
    `  public static void main(String[] args) throws Exception {`,
    `    String apiSecret = System.getenv(${quoted(API_SECRET_VARIABLE)});`,
    `    String campaignId = ${quoted(campaignId)};`,
    `    String userId = ${quoted(userId)};`,
    `    long exp = System.currentTimeMillis() / 1000 + ${HANDOFF_TTL_SECONDS};`,
    `    Mac mac = Mac.getInstance("HmacSHA256");`,
    `    mac.init(new SecretKeySpec(apiSecret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));`,
    `    byte[] digest = mac.doFinal((campaignId + "." + userId + "." + exp).getBytes(StandardCharsets.UTF_8));`,
    `    String sig = Base64.getUrlEncoder().withoutPadding().encodeToString(digest);`,
    `    System.out.println(${quoted(`${base}/p/`)} + URLEncoder.encode(campaignId, StandardCharsets.UTF_8)`,
    `        + "?u=" + URLEncoder.encode(userId, StandardCharsets.UTF_8) + "&exp=" + exp + "&sig=" + sig);`,
    `  }`,
    `}`,
  ].join('\n');
}

function php({ base, campaignId, userId }: Required<HandoffInput>): string {
  return [
    `<?php`,
    `$apiSecret = getenv(${singleQuoted(API_SECRET_VARIABLE)});`,
    `$campaignId = ${singleQuoted(campaignId)};`,
    `$userId = ${singleQuoted(userId)};`,
    `$exp = time() + ${HANDOFF_TTL_SECONDS};`,
    `$digest = hash_hmac('sha256', $campaignId . '.' . $userId . '.' . $exp, $apiSecret, true);`,
    `$sig = rtrim(strtr(base64_encode($digest), '+/', '-_'), '=');`,
    `echo ${singleQuoted(`${base}/p/`)} . rawurlencode($campaignId)`,
    `    . '?u=' . rawurlencode($userId) . '&exp=' . $exp . '&sig=' . $sig . "\\n";`,
  ].join('\n');
}

const BUILDERS: Record<HandoffLanguage, (input: Required<HandoffInput>) => string> = {
  node,
  python,
  go,
  java,
  php,
};

/**
 * A server program in `language` that signs `userId` (the sample user unless given) into the
 * campaign and prints the participant address. The API secret is read from the environment
 * variable `GC_API_SECRET`, never written into the text.
 */
export function handoffSnippet(language: HandoffLanguage, input: HandoffInput): string {
  return BUILDERS[language]({ ...input, userId: input.userId ?? SAMPLE_USER_ID });
}
