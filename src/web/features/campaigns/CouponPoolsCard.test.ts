import { describe, expect, it } from 'vitest';
import { parseCodes } from './CouponPoolsCard';

describe('parseCodes', () => {
  it('reads one code per line or comma, trimming and dropping blanks', () => {
    expect(parseCodes(' A-1 \r\nB-2,C-3\n\n , D 4 ')).toEqual(['A-1', 'B-2', 'C-3', 'D 4']);
    expect(parseCodes('  \n ')).toEqual([]);
  });
});
