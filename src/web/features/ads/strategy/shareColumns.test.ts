import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { StrategyShareUrl } from '../adsTypes';
import { shareColumns } from './shareColumns';

const t = ((key: string) => key) as unknown as TFunction;
const formatMoney = (micros: number, currency: string) => `${micros / 1e6} ${currency}`;

function dataIndexes(ai: boolean) {
  return shareColumns({ t, ai, currency: 'USD', formatMoney }).map((column) =>
    'dataIndex' in column ? column.dataIndex : undefined,
  );
}

describe('shareColumns', () => {
  it('shows the set ratio for a custom distribution', () => {
    expect(dataIndexes(false)).toEqual(['url', 'share', 'ratio', 'serves', 'clicks', 'meanMicrosPerServe']);
  });

  it('shows the chance of being best and the reason instead for AI distribution', () => {
    expect(dataIndexes(true)).toEqual([
      'url',
      'share',
      'serves',
      'clicks',
      'meanMicrosPerServe',
      'probabilityBest',
      'reason',
    ]);
  });

  it('gives income per serve in the report currency only for a URL served', () => {
    const perServe = shareColumns({ t, ai: false, currency: 'USD', formatMoney }).find(
      (column) => 'dataIndex' in column && column.dataIndex === 'meanMicrosPerServe',
    );
    const render = perServe?.render as (micros: number, row: StrategyShareUrl) => unknown;
    expect(render(2_500_000, { serves: 4 } as StrategyShareUrl)).toBe('2.5 USD');
    expect(render(0, { serves: 0 } as StrategyShareUrl)).toBe('-');
  });
});
