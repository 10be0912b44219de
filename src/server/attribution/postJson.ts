import type { PublicTarget } from '../http/assertPublicHttpUrl';
import { postForText } from '../http/postForText';

export interface PostJsonOptions {
  /** The whole attempt's deadline: connecting, sending and reading the answer to its end. */
  timeoutMs: number;
}

/**
 * POSTs JSON to a checked target and answers the HTTP status (the answer's text is read and not
 * kept); rejects on network errors and at the deadline, which is total, not idle (`postForText`).
 * Without checked addresses (private targets allowed) the system resolver is used.
 */
export async function postJson(
  target: PublicTarget,
  body: unknown,
  options: PostJsonOptions,
): Promise<number> {
  const answer = await postForText(target, JSON.stringify(body), {
    timeoutMs: options.timeoutMs,
    userAgent: 'GrowthConsole-Callback/1',
    maxChars: 0,
  });
  return answer.status;
}
