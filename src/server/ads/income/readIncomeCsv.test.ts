import { describe, expect, it } from 'vitest';
import { readIncomeCsv } from './readIncomeCsv';

const TODAY = '2026-03-01';

describe('readIncomeCsv', () => {
  it('reads columns in any order, case and spaces ignored, unknown ones ignored', () => {
    const csv =
      '\uFEFFTXID, Amount ,date,Extra,status\r\nT1,1.5,2026-02-28,x,\r\n\r\n"T,2",0.25,2026-03-01,y,reversal\r\n';
    const { lines, problems } = readIncomeCsv(csv, TODAY);
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      {
        line: 2,
        date: '2026-02-28',
        input: expect.objectContaining({ txid: 'T1', kind: 'credit', amountMicros: 1_500_000 }),
      },
      {
        line: 4,
        date: '2026-03-01',
        input: expect.objectContaining({ txid: 'T,2', kind: 'reversal', amountMicros: -250_000 }),
      },
    ]);
  });

  it('numbers lines as the file does, a quoted line break included', () => {
    const csv = 'date,txid,amount,note\n2026-03-01,T2,1,"multi\nline"\n2026-03-01,T3,bad,\n';
    const { problems } = readIncomeCsv(csv, TODAY);
    expect(problems).toEqual([{ line: 4, field: 'amount', key: 'type.number' }]);
  });

  it('checks every line and answers all problems, nothing else', () => {
    const csv = [
      'date,txid,amount,currency,status',
      '2026-02-30,T1,1,USD,',
      ',T2,1,usdx,',
      '2026-03-02,T3,,USD,refund',
      '2026-03-01,T4,2,EUR,credit',
    ].join('\n');
    const { lines, problems } = readIncomeCsv(csv, TODAY);
    expect(lines).toEqual([]);
    expect(problems).toEqual([
      { line: 2, field: 'date', key: 'format.date' },
      { line: 3, field: 'date', key: 'required' },
      { line: 3, field: 'currency', key: 'pattern' },
      { line: 4, field: 'date', key: 'maximum', params: { limit: TODAY } },
      { line: 4, field: 'status', key: 'enum' },
      { line: 4, field: 'amount', key: 'required' },
    ]);
  });

  it('needs the date, txid and amount columns, each once', () => {
    expect(readIncomeCsv('txid,date,Date\n', TODAY).problems).toEqual([
      { line: 1, field: 'date', key: 'duplicateEntry' },
      { line: 1, field: 'amount', key: 'required' },
    ]);
    expect(readIncomeCsv('', TODAY).problems).toEqual([{ line: 1, field: '', key: 'required' }]);
  });

  it('refuses a file it cannot read, at the line its quote opens', () => {
    expect(readIncomeCsv('date,txid,amount\n2026-03-01,"T1,1\n', TODAY).problems).toEqual([
      { line: 2, field: '', key: 'invalid' },
    ]);
  });
});
