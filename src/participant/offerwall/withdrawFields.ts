import type { T } from '../i18n/texts';

/** The withdrawal form's fields. */
export type WithdrawField = 'method' | 'account' | 'amount';

/** A problem under each field that has one. */
export type FieldProblems = Partial<Record<WithdrawField, string>>;

// The server's field paths, as the form's fields.
const FIELD_OF: Record<string, WithdrawField> = {
  '/method': 'method',
  '/account': 'account',
  '/amountMicros': 'amount',
};

/**
 * What the form itself checks before sending: an account, and an amount that is a positive
 * decimal (`micros`, parsed without floats). The server decides the rest.
 */
export function localProblems(account: string, micros: number | null, t: T): FieldProblems {
  const problems: FieldProblems = {};
  if (!account.trim()) problems.account = t('withdraw.accountRequired');
  if (micros === null || micros <= 0) problems.amount = t('withdraw.amountInvalid');
  return problems;
}

/** The server's field problems (by JSON pointer) under the form's fields; others are dropped. */
export function serverProblems(fields: Record<string, string>): FieldProblems {
  const problems: FieldProblems = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = Object.hasOwn(FIELD_OF, path) ? FIELD_OF[path] : undefined;
    if (field) problems[field] = message;
  }
  return problems;
}
