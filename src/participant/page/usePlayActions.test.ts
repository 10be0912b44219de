import { describe, expect, it } from 'vitest';
import { PlayApiError } from '../api/playApi';
import type { PlayPrize } from '../api/playTypes';
import { makeT } from '../i18n/texts';
import { failureText, isRefusal, shownDraw } from './usePlayActions';

const prizes: PlayPrize[] = [
  { id: 'p1', name: 'Cup (page language)', image: '/cup.png', isThank: false, description: null },
  { id: 'p2', name: 'No picture', image: null, isThank: false, description: null },
];

describe('the page calls of a play page', () => {
  it("shows a drawn prize as the page's own prize list names and pictures it", () => {
    const reward = null;
    expect(
      shownDraw(
        { prize: { id: 'p1', name: 'Cup', image: '/server.png', isThank: false }, rewardId: 'r1', reward },
        prizes,
      ),
    ).toEqual({
      prize: { id: 'p1', name: 'Cup (page language)', image: '/cup.png', isThank: false },
      rewardId: 'r1',
      reward,
    });
    // Listed without a picture: none, even when the server sent one.
    expect(
      shownDraw(
        { prize: { id: 'p2', name: 'x', image: '/server.png', isThank: false }, rewardId: null, reward },
        prizes,
      ).prize,
    ).toEqual({ id: 'p2', name: 'No picture', image: null, isThank: false });
    // Not listed (a thank-you without id): as the server sent it.
    expect(
      shownDraw(
        { prize: { id: null, name: 'Thanks', image: '/t.png', isThank: true }, rewardId: null, reward },
        prizes,
      ).prize,
    ).toEqual({ id: null, name: 'Thanks', image: '/t.png', isThank: true });
  });

  it('reloads the page after a refusal (4xx) only, and says what failed in its own words', () => {
    expect(isRefusal(new PlayApiError('no chances', 409, 'play.noChances'))).toBe(true);
    expect(isRefusal(new PlayApiError('bad', 400, 'validation'))).toBe(true);
    expect(isRefusal(new PlayApiError('down', 503, 'internal'))).toBe(false);
    expect(isRefusal(new PlayApiError('offline', 0, 'network'))).toBe(false);
    expect(isRefusal(new Error('x'))).toBe(false);
    const t = makeT('en-US');
    expect(failureText(new PlayApiError('No chances left', 409, 'play.noChances'), t)).toBe(
      'No chances left',
    );
    expect(failureText('thrown text', t)).toBe(t('unexpected'));
    expect(t('unexpected')).not.toBe('unexpected');
  });
});
