import { ShareBar } from '../page/ShareBar';
import { usePage } from './PageContext';
import { useT } from '../i18n/texts';

/** The campaign's share channels (bound to `share`) with the player's invite link. */
export function ShareBlock() {
  const page = usePage();
  const t = useT();
  const share = page.campaign.page.share;
  if (!share || share.channels.length === 0)
    return page.editing ? <p className="gp-block-empty">{t('blocks.noShare')}</p> : null;
  return (
    <ShareBar
      share={share}
      link={page.link}
      fallbackTitle={page.campaign.page.pageTitle}
      onShared={(channel) => (page.editing ? undefined : page.onShared(channel))}
      onSay={(text) => page.say(text)}
    />
  );
}
