import { useState } from 'react';
import { NOTHING_LANDED, type RendererProps } from './rendererTypes';

/**
 * The actions of a mechanic that gives no draw to animate (a stake, a check-in, a gift), one at a
 * time: `busy` names the one under way. `run` sends it; `done` sees its answer (says what
 * happened), then the page shows the new state. A refusal has been said by the page: `run` then
 * ends quietly.
 */
export function useMechanicAction({ act, onLanded }: Pick<RendererProps, 'act' | 'onLanded'>) {
  const [busy, setBusy] = useState<string | null>(null);

  async function run<R>(key: string, action: string, body: object, done?: (result: R) => void) {
    if (busy) return;
    setBusy(key);
    try {
      const result = await act<R>(action, body);
      done?.(result);
      onLanded(NOTHING_LANDED);
    } catch {
      // The page has said why.
    } finally {
      setBusy(null);
    }
  }

  return { busy, run };
}
