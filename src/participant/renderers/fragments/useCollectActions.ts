import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { copyText } from '../../page/shareLink';
import type { RendererProps } from '../rendererTypes';
import { useMechanicAction } from '../useMechanicAction';
import { transferLink } from './collectModel';

/** The collection's actions: one at a time (`busy` names it), and the links that send pieces. */
export interface CollectActions {
  busy: string | null;
  /** Runs an action of the mechanic; `done` sees its answer, then the page shows the new state. */
  run<R>(key: string, action: string, body: object, done?: (result: R) => void): Promise<void>;
  /** Copies the link of a gift or request and says so. */
  copyTransfer(kind: string, id: string, fragmentId: string): Promise<void>;
}

export function useCollectActions({
  act,
  onLanded,
}: Pick<RendererProps, 'act' | 'onLanded'>): CollectActions {
  const t = useT();
  const page = usePage();
  const { busy, run } = useMechanicAction({ act, onLanded });

  async function copyTransfer(kind: string, id: string, fragmentId: string) {
    const link = transferLink(page.link, window.location.origin, kind, id, fragmentId);
    if (await copyText(link)) page.say(t('collect.linkCopied'));
    else page.say(t('share.copyFailed', { url: link }));
  }

  return { busy, run, copyTransfer };
}
