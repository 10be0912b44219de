import { useState } from 'react';
import { NOTHING_LANDED, type RendererProps } from '../rendererTypes';

/**
 * The collection's actions, one at a time: `busy` names the one under way (its key); the page
 * has said why when one fails, and `me` updates once it is done.
 */
export function useCollectAction({ act, onLanded }: Pick<RendererProps, 'act' | 'onLanded'>) {
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
