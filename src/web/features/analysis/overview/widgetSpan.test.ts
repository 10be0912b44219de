import { describe, expect, it } from 'vitest';
import { widgetSpan } from './widgetSpan';

describe('widgetSpan', () => {
  it('gives figures and the retention table a whole row and other charts half a wide one', () => {
    expect(widgetSpan({ metric: 'activeUsers', chart: 'number' })).toEqual({ xs: 24 });
    expect(widgetSpan({ metric: 'retention', chart: 'table' })).toEqual({ xs: 24 });
    expect(widgetSpan({ metric: 'retention', chart: 'line' })).toEqual({ xs: 24, xl: 12 });
    expect(widgetSpan({ metric: 'audience', chart: 'table' })).toEqual({ xs: 24, xl: 12 });
  });
});
