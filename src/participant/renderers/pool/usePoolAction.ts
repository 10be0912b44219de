import { useState } from 'react';
import { usePage } from '../../blocks/PageContext';
import { NOTHING_LANDED, type RendererProps } from '../rendererTypes';

/**
 * The pool's actions (stake, claim), one at a time: `busy` names the one under way; once one is
 * done the page says `done` and `me` updates; when one fails the page has said why.
 */
export function usePoolAction({ act, onLanded }: Pick<RendererProps, 'act' | 'onLanded'>) {
  const page = usePage();
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, action: string, body: object, done: string) {
    if (busy) return;
    setBusy(key);
    try {
      await act(action, body);
      page.say(done);
      onLanded(NOTHING_LANDED);
    } catch {
      // The page has said why.
    } finally {
      setBusy(null);
    }
  }

  return { busy, run };
}
