import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../api/RequestError';
import { importLineErrors } from './importLineErrors';

const refused = (errors: unknown[]) =>
  new RequestError('Invalid import', {
    status: 400,
    code: 400,
    key: 'ads.importInvalid',
    errors: errors as never,
  });

describe('importLineErrors', () => {
  it('reads the contract entries in line order', () => {
    expect(
      importLineErrors(
        refused([
          { line: 5, field: 'amount', message: 'Not an amount' },
          { line: 3, field: 'date', message: 'Not a date' },
        ]),
      ),
    ).toEqual([
      { line: 3, field: 'date', message: 'Not a date' },
      { line: 5, field: 'amount', message: 'Not an amount' },
    ]);
  });

  it('reads pointers too, and file-level errors without a line', () => {
    expect(
      importLineErrors(
        refused([
          { path: '/4/txid', message: 'Required' },
          { path: '/lines/2', message: 'Too many columns' },
          { path: '/csv', message: 'No header row' },
        ]),
      ),
    ).toEqual([
      { line: null, field: '', message: 'No header row' },
      { line: 2, field: '', message: 'Too many columns' },
      { line: 4, field: 'txid', message: 'Required' },
    ]);
  });

  it('is empty for other failures', () => {
    expect(importLineErrors(new Error('network'))).toEqual([]);
    expect(importLineErrors(refused([]))).toEqual([]);
    expect(importLineErrors(refused([null, 3]))).toEqual([]);
  });
});
