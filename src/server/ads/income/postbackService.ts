import type { Kysely } from 'kysely';
import { localDayNumber } from '../../../engine/rules/timeZone';
import { validationMessage } from '../../../engine/validation/localizeErrors';
import type { Database } from '../../db/tables';
import { AppError } from '../../errors';
import { rollupTimeZone } from '../../sdk/ingestEvents';
import { resolveRequest, type ResolveOptions } from '../resolveRequest';
import { addressAllowed } from './addressAllowed';
import { loadIncomeAccount, type IncomeAccount } from './incomeAccount';
import { readIncomeInput, type IncomeInput } from './incomeInput';
import { incomeSettings } from './incomeSettings';
import { logPostback, loggedTxid, type RefusalReason } from './postbackLog';
import { postbackSigned, type PostbackParams } from './postbackSignature';
import { storeIncome } from './storeIncome';

type Db = Kysely<Database>;

/** One postback as it arrived. */
export interface PostbackCall {
  accountId: string;
  ip: string;
  method: string;
  /** The parameters: the query string, or the parsed JSON or form body (a broken body as its text). */
  source: unknown;
  /** The body as sent (what `X-Signature` signs). */
  rawBody?: string;
  /** The `X-Signature` header of a POST. */
  signatureHeader?: string;
}

export interface PostbackDeps {
  now: () => Date;
  /** The serve queue a young click id may still be counted in. */
  queue?: ResolveOptions['queue'];
  /** Told of a postback for an account that does not exist (nothing to log it under). */
  warnUnknownAccount?: (call: PostbackCall) => void;
}

/**
 * The parameters as text (a JSON body's numbers and booleans as their JSON text), or null when
 * one is not a single value (a list, an object: nothing a network sends).
 */
export function textParams(source: unknown): PostbackParams | null {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return null;
  const out: PostbackParams = {};
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
    else if (value === null) out[key] = '';
    else return null;
  }
  return out;
}

/** A form body's parameters (a repeated key as the list of its values). */
export function formParams(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const previous = out[key];
    out[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return out;
}

const refusal = (reason: RefusalReason | 'unknownAccount') =>
  new AppError('ads.postbackRefused', { params: { reason }, data: { reason } });

/** The account a postback names; an unknown one is refused unlogged. */
async function postbackAccount(db: Db, call: PostbackCall, deps: PostbackDeps): Promise<IncomeAccount> {
  const account = await loadIncomeAccount(db, call.accountId);
  if (account) return account;
  deps.warnUnknownAccount?.(call);
  throw refusal('unknownAccount');
}

/** The 400 of parameters that do not make a transaction (paths under the query string for a GET). */
function invalidParams(method: string, read: ReturnType<typeof readIncomeInput> | null): AppError {
  const prefix = method === 'GET' ? '/querystring' : '';
  const problems = read?.problems ?? [{ field: '', key: 'type.object' }];
  return new AppError('validation', {
    errors: (lang) =>
      problems.map((p) => ({
        path: p.field ? `${prefix}/${p.field}` : '',
        message: validationMessage(p.key, lang, p.params),
      })),
  });
}

/**
 * Books a postback's transaction in one database transaction (day and offerwall currency of
 * the project's settings), logging a booking or a duplicate with it.
 */
async function bookPostback(
  db: Db,
  account: IncomeAccount,
  input: IncomeInput,
  entry: Omit<Parameters<typeof logPostback>[1], 'outcome' | 'reason'>,
  now: Date,
) {
  return db.transaction().execute(async (trx) => {
    const zone = await rollupTimeZone(trx, account.projectId);
    const settings = await incomeSettings(trx, account.projectId);
    const stored = await storeIncome(trx, account, input, {
      source: 'postback',
      day: localDayNumber(now.getTime(), zone),
      time: entry.time,
      now: entry.time,
      offerwallCurrency: settings.offerwallCurrency,
    });
    if (stored !== 'unknownTransaction') await logPostback(trx, { ...entry, outcome: stored });
    return stored;
  });
}

/**
 * One postback of an ad network: refused (403 `ads.postbackRefused`) for an unknown account, an
 * address the account does not allow or a signature that is not its secret's; 400 for
 * parameters that are no transaction; 404 `ads.unknownTransaction` for a reversal without its
 * credit; else booked (`duplicate` when it was before). Every outcome but the unknown account
 * is logged in `ad_postbacks`.
 */
export async function receivePostback(
  db: Db,
  call: PostbackCall,
  deps: PostbackDeps,
): Promise<{ accepted: true; duplicate: boolean }> {
  const now = deps.now();
  const account = await postbackAccount(db, call, deps);
  const params = textParams(call.source);
  const entry = {
    projectId: account.projectId,
    accountId: account.id,
    time: now.toISOString(),
    ip: call.ip,
    txid: loggedTxid(params?.txid),
  };
  const refuse = async (reason: Exclude<RefusalReason, 'unknownTransaction'>, error: AppError) => {
    await logPostback(db, { ...entry, outcome: 'refused', reason });
    return error;
  };
  if (!addressAllowed(call.ip, account.allowedIps)) throw await refuse('address', refusal('address'));
  const signed = postbackSigned({
    secret: account.secret,
    params: params ?? {},
    rawBody: call.rawBody,
    header: call.signatureHeader,
  });
  if (!signed) throw await refuse('signature', refusal('signature'));

  const read = params ? readIncomeInput(params) : null;
  if (!read?.input) throw await refuse('invalid', invalidParams(call.method, read));
  const input = read.input;
  // A click id served moments ago may still be counted only in a serve queue (this server's,
  // written now, or another's, written within its interval): outside the transaction, so the
  // income finds its request.
  if (input.clickId)
    await resolveRequest(db, input.clickId, {
      projectId: account.projectId,
      queue: deps.queue,
      now: () => deps.now().getTime(),
    });
  const outcome = await bookPostback(db, account, input, entry, now);
  if (outcome === 'unknownTransaction') {
    await logPostback(db, { ...entry, outcome: 'refused', reason: 'unknownTransaction' });
    throw new AppError('ads.unknownTransaction', { params: { txid: input.txid } });
  }
  return { accepted: true, duplicate: outcome === 'duplicate' };
}
