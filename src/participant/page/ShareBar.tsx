import type { CampaignView } from '../api/playTypes';
import { useT } from '../i18n/texts';
import { copyText, intentUrl } from './shareLink';

interface Props {
  share: NonNullable<CampaignView['page']['share']>;
  /** The link to share (with the player's inviter code). */
  link: string;
  /** The page title, when the share has no title of its own. */
  fallbackTitle: string;
  /** After a share went out: the page asks the server for the share chances. */
  onShared(channel: string): void;
  /** A line to show (copied, or the link to copy by hand). */
  onSay(text: string): void;
}

// A mark per channel for its round button (letters and signs every phone font has).
const MARKS: Record<string, string> = {
  wechat: 'W',
  moments: '◎',
  weibo: 'Wb',
  qq: 'QQ',
  qzone: 'Qz',
  douyin: '♪',
  facebook: 'f',
  messenger: 'm',
  twitter: 'X',
  whatsapp: 'Wa',
  line: 'L',
  telegram: 'T',
  instagram: 'Ig',
  kakaotalk: 'K',
  'copy-link': '🔗',
  system: '…',
};

/** The configured share channels: a channel's web share page, the system share sheet or a copied link. */
export function ShareBar({ share, link, fallbackTitle, onShared, onSay }: Props) {
  const t = useT();
  const title = share.title ?? fallbackTitle;
  const label = (channel: string) => {
    const key = `share.channels.${channel}`;
    const name = t(key);
    return name === key ? channel : name;
  };
  const text = share.description ? `${title} - ${share.description}` : title;

  const go = async (channel: string) => {
    const name = label(channel);
    const intent = intentUrl(channel, link, text);
    if (intent) {
      window.open(intent, '_blank', 'noopener,noreferrer');
      onShared(channel);
      return;
    }
    if (channel !== 'copy-link' && typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: share.description ?? title, url: link });
        onShared(channel);
        return;
      } catch (error) {
        // Closed by the player: nothing was shared.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    if (await copyText(link)) {
      onSay(t('share.copied', { channel: name }));
      onShared(channel);
    } else {
      onSay(t('share.copyFailed', { url: link }));
    }
  };

  if (share.channels.length === 0) return null;
  return (
    <section className="gp-card gp-share" data-testid="share">
      <h2>{t('share.title')}</h2>
      <div className="gp-share-list">
        {share.channels.map((channel) => (
          <button
            key={channel}
            type="button"
            className={`gp-share-item gp-ch-${channel}`}
            onClick={() => void go(channel)}
            data-channel={channel}
          >
            <span className="gp-share-icon" aria-hidden="true">
              {Object.hasOwn(MARKS, channel) ? MARKS[channel] : [...label(channel)][0]}
            </span>
            <span>{label(channel)}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
