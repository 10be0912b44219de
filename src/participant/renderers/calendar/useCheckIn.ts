import { useState } from 'react';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import type { DrawResult, RendererProps } from '../rendererTypes';
import { useMechanicAction } from '../useMechanicAction';
import { firstWon, type CheckInAnswer } from './checkInModel';

/**
 * Signing in, today or a missed day (`run({ day })`), one at a time: the page says the day and
 * what it won, and the first prize won opens in the result dialog (`shown`).
 */
export function useCheckIn({ act, prizes, onLanded }: Pick<RendererProps, 'act' | 'prizes' | 'onLanded'>) {
  const t = useT();
  const page = usePage();
  const action = useMechanicAction({ act, onLanded });
  const [shown, setShown] = useState<DrawResult | null>(null);
  const prizeName = (id: string) => prizes.find((p) => p.id === id)?.name ?? id;

  const run = (body: object) =>
    action.run<CheckInAnswer>('checkIn', 'checkIn', body, (answer) => {
      const won = answer.rewards.filter((r) => r.outcome === 'win');
      page.say(
        won.length > 0
          ? t('checkIn.doneWith', {
              day: answer.position,
              prizes: won.map((r) => prizeName(r.prizeId)).join(', '),
            })
          : t('checkIn.done', { day: answer.position }),
      );
      const result = firstWon(answer, prizes);
      if (result) setShown(result);
    });

  return { busy: action.busy !== null, shown, close: () => setShown(null), run };
}
