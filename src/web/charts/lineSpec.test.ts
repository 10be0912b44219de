import { describe, expect, it } from 'vitest';
import { lineSpec } from './lineSpec';

const axis = { x: { title: false } };
const tooltip = { items: [{ channel: 'y' }] };
const day = (time: string, name: string, value: number) => ({ time, name, value });

describe('lineSpec', () => {
  it('keeps a line chart as it is when every series has two times or more', () => {
    const data = [day('05-01', 'a', 1), day('05-02', 'a', 2), day('05-01', 'b', 0), day('05-02', 'b', 4)];
    expect(
      lineSpec({
        data,
        encode: { x: 'time', y: 'value', color: 'name' },
        axis,
        style: { lineWidth: 2 },
        tooltip,
      }),
    ).toEqual({
      type: 'line',
      data,
      encode: { x: 'time', y: 'value', color: 'name' },
      axis,
      style: { lineWidth: 2 },
      tooltip,
    });
  });

  it('draws one time as points of every series, with the same encoding and tooltip', () => {
    const data = [day('05-01', 'a', 3), day('05-01', 'b', 2)];
    expect(
      lineSpec({
        data,
        encode: { x: 'time', y: 'value', color: 'name' },
        axis,
        style: { lineWidth: 2 },
        tooltip,
      }),
    ).toEqual({
      type: 'point',
      data,
      encode: { x: 'time', y: 'value', color: 'name', shape: 'point', size: 4 },
      axis,
      tooltip,
    });
    // A chart without series (no colour) of one row is one point too.
    expect(
      lineSpec({ data: [{ group: '05-01', value: 7 }], encode: { x: 'group', y: 'value' } }),
    ).toMatchObject({ type: 'point', encode: { x: 'group', y: 'value', shape: 'point' } });
  });

  it('adds points over the lines for a series of one time among longer ones', () => {
    const data = [day('05-01', 'a', 1), day('05-02', 'a', 2), day('05-02', 'b', 5)];
    expect(lineSpec({ data, encode: { x: 'time', y: 'value', color: 'name' }, axis, tooltip })).toEqual({
      type: 'view',
      data,
      encode: { x: 'time', y: 'value', color: 'name' },
      axis,
      children: [
        { type: 'line', tooltip },
        { type: 'point', data: [day('05-02', 'b', 5)], encode: { shape: 'point', size: 4 }, tooltip: false },
      ],
    });
  });

  it('counts distinct times: a series repeating one time is still one point', () => {
    const data = [day('05-01', 'a', 1), day('05-01', 'a', 2)];
    expect(lineSpec({ data, encode: { x: 'time', y: 'value', color: 'name' } })).toMatchObject({
      type: 'point',
    });
  });
});
