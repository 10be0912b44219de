import { parseMoneyToMicros } from '../../../engine/ads/money';
import type { AdIncomeKind } from '../adsTables';

/** One transaction a network reports, by postback or by a line of an imported file. */
export interface IncomeInput {
  txid: string;
  kind: AdIncomeKind;
  /** Micros as given (a reversal's made negative); null: a reversal of the whole credit. */
  amountMicros: number | null;
  /** ISO 4217, upper case; null: the account's (a reversal: its credit's). */
  currency: string | null;
  /** Our request id the network echoes back (the served URL's click id parameter). */
  clickId: string | null;
  offerId: string | null;
  userId: string | null;
  /** The page's host when the network reports it (imports); a click's request wins. */
  domain: string;
}

/** A refused field: `key` is a message of locales/*\/validation.json with its `params`. */
export interface InputProblem {
  field: string;
  key: string;
  params?: Record<string, unknown>;
}

const TXID_MAX = 100;
const CLICK_ID = /^[A-Za-z0-9_.-]{1,64}$/;
const OFFER_ID = /^[A-Za-z0-9_-]{1,40}$/;
const USER_ID = /^[A-Za-z0-9_.@-]{1,64}$/;
const CURRENCY = /^[A-Za-z]{3}$/;
const MICROS = /^[+-]?\d{1,16}$/;
// Control characters (C0, DEL, C1): a txid is shown in logs and exports.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const DOMAIN = /^[A-Za-z0-9.:[\]-]{1,253}$/;

const text = (value: string | undefined) => (value ?? '').trim();

function amountOf(params: Record<string, string | undefined>, problems: InputProblem[]): number | null {
  const microsText = text(params.amount_micros);
  if (microsText) {
    const micros = MICROS.test(microsText) ? Number(microsText) : Number.NaN;
    if (!Number.isSafeInteger(micros) || Math.abs(micros) >= 9e15) {
      problems.push({ field: 'amount_micros', key: 'type.integer' });
      return null;
    }
    return micros;
  }
  const amountText = text(params.amount);
  if (!amountText) return null;
  const micros = parseMoneyToMicros(amountText);
  if (micros === null) problems.push({ field: 'amount', key: 'type.number' });
  return micros;
}

/**
 * Reads and checks one transaction's parameters (`txid`, `amount` or `amount_micros`,
 * `currency`, `click_id`, `status` credit | reversal, `offer_id`, `user_id`, `domain`): a
 * credit needs an amount >= 0; a reversal's amount is optional (its credit's) and stored
 * negative. Answers the input, or every problem found.
 */
export function readIncomeInput(
  params: Record<string, string | undefined>,
): { input: IncomeInput; problems: [] } | { input: null; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const txid = text(params.txid);
  if (!txid) problems.push({ field: 'txid', key: 'required' });
  else if (txid.length > TXID_MAX)
    problems.push({ field: 'txid', key: 'maxLength', params: { limit: TXID_MAX } });
  else if (CONTROL.test(txid)) problems.push({ field: 'txid', key: 'singleLine' });

  const status = text(params.status).toLowerCase() || 'credit';
  if (status !== 'credit' && status !== 'reversal') problems.push({ field: 'status', key: 'enum' });
  const kind: AdIncomeKind = status === 'reversal' ? 'reversal' : 'credit';

  let amountMicros = amountOf(params, problems);
  if (kind === 'credit' && amountMicros === null && !problems.some((p) => p.field.startsWith('amount')))
    problems.push({ field: 'amount', key: 'required' });
  if (kind === 'credit' && amountMicros !== null && amountMicros < 0)
    problems.push({
      field: text(params.amount_micros) ? 'amount_micros' : 'amount',
      key: 'minimum',
      params: { limit: 0 },
    });
  if (kind === 'reversal' && amountMicros !== null) amountMicros = -Math.abs(amountMicros);

  const currency = text(params.currency);
  if (currency && !CURRENCY.test(currency)) problems.push({ field: 'currency', key: 'pattern' });

  const optional = (field: string, pattern: RegExp) => {
    const value = text(params[field]);
    if (value && !pattern.test(value)) problems.push({ field, key: 'pattern' });
    return value || null;
  };
  const clickId = optional('click_id', CLICK_ID);
  const offerId = optional('offer_id', OFFER_ID);
  const userId = optional('user_id', USER_ID);
  const domain = optional('domain', DOMAIN);

  if (problems.length > 0) return { input: null, problems };
  return {
    input: {
      txid,
      kind,
      amountMicros,
      currency: currency ? currency.toUpperCase() : null,
      clickId,
      offerId,
      userId,
      domain: domain?.toLowerCase() ?? '',
    },
    problems: [],
  };
}
