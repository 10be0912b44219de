import { describe, expect, it } from 'vitest';
import type { PageBlock } from '../../../engine/page/pageModel';
import { placeIssues } from './placeIssues';

const blocks: PageBlock[] = [
  { id: 'r1', type: 'rules', props: {} },
  { id: 'i1', type: 'image', props: {} },
  { id: 'r2', type: 'rules', props: {} },
];
const bindings = { rules: { text: 'rules' }, image: {} };
const issue = (path: string, message = path) => ({ path, keyword: 'x', message });

describe('placeIssues', () => {
  it("puts a block's own problem on it, below its props", () => {
    const { byBlock, pageIssues } = placeIssues(
      [issue('/page/blocks/1/props/image', 'no image')],
      blocks,
      bindings,
    );
    expect(byBlock.get('i1')).toEqual({
      own: [{ path: '/image', message: 'no image' }],
      bound: [],
      words: ['no image'],
    });
    expect(pageIssues).toHaveLength(1);
  });

  it('puts a bound field problem on every block binding the field', () => {
    const { byBlock, pageIssues } = placeIssues([issue('/rules', 'too long')], blocks, bindings);
    expect([...byBlock.keys()]).toEqual(['r1', 'r2']);
    expect(byBlock.get('r2')?.bound).toEqual([{ path: '/rules', message: 'too long' }]);
    expect(pageIssues).toHaveLength(1);
  });

  it("leaves the form's problems to the form, keeps the page's even off any block", () => {
    const { byBlock, pageIssues } = placeIssues(
      [issue('/title'), issue('/page/blocks/9/props/x'), issue('/page')],
      blocks,
      bindings,
    );
    expect(byBlock.size).toBe(0);
    expect(pageIssues.map((i) => i.path)).toEqual(['/page/blocks/9/props/x', '/page']);
  });

  it("gathers a block's problems in words in the order found", () => {
    const { byBlock } = placeIssues(
      [issue('/page/blocks/0', 'bad block'), issue('/rules', 'too long')],
      blocks,
      bindings,
    );
    expect(byBlock.get('r1')).toEqual({
      own: [{ path: '', message: 'bad block' }],
      bound: [{ path: '/rules', message: 'too long' }],
      words: ['bad block', 'too long'],
    });
  });
});
