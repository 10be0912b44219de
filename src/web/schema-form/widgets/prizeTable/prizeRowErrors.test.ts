import { describe, expect, it } from 'vitest';
import { prizeRowErrors } from './prizeRowErrors';

const texts = {
  messages: (list: string[]) => (list.length > 0 ? list.join(' ') : undefined),
  fieldMessages: (field: string, list: string[]) => `${field}: ${list.join(' ')}`,
};

describe('prizeRowErrors', () => {
  it('lists the row’s own messages and those of fields without a cell, naming the field', () => {
    const errors = {
      __errors: ['Row is wrong.'],
      odds: { __errors: ['At most 100.'] },
      callbackUrl: { __errors: ['Must be an https address.'] },
      coupon: { pool: { __errors: ['Required.'] } },
    };
    expect(prizeRowErrors(errors, texts)).toEqual([
      'Row is wrong.',
      'callbackUrl: Must be an https address.',
      'coupon: Required.',
    ]);
  });

  it('lists nothing for errors only in cells, an empty row error, or no errors', () => {
    expect(prizeRowErrors({ name: { __errors: ['Required.'] }, __errors: [] }, texts)).toEqual([]);
    expect(prizeRowErrors(undefined, texts)).toEqual([]);
  });
});
