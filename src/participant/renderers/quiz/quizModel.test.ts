import { describe, expect, it } from 'vitest';
import { showsPrize, togglePick } from './quizModel';
import type { QuizAnswered } from './quizTypes';

describe('quiz picks', () => {
  it('picks one option alone with radio buttons', () => {
    expect(togglePick([], 'a', false)).toEqual(['a']);
    expect(togglePick(['a'], 'b', false)).toEqual(['b']);
    expect(togglePick(['a'], 'a', false)).toEqual(['a']);
  });

  it('toggles options with checkboxes, in the order tapped', () => {
    expect(togglePick([], 'a', true)).toEqual(['a']);
    expect(togglePick(['a'], 'c', true)).toEqual(['a', 'c']);
    expect(togglePick(['a', 'c'], 'a', true)).toEqual(['c']);
  });
});

describe('the quiz score', () => {
  it('opens the result dialog for a prize, a sold-out one included, not for time up or no prize', () => {
    const answered = (outcome: QuizAnswered['outcome']) => ({ outcome }) as QuizAnswered;
    expect(showsPrize(answered('win'))).toBe(true);
    expect(showsPrize(answered('outOfStock'))).toBe(true);
    expect(showsPrize(answered('overBudget'))).toBe(true);
    expect(showsPrize(answered('timeUp'))).toBe(false);
    expect(showsPrize(answered('noPrize'))).toBe(false);
  });
});
