import { useState } from 'react';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { copyText } from '../../page/shareLink';
import { NOTHING_LANDED, type RendererProps } from '../rendererTypes';
import { PrizeIcon } from '../PrizeFace';

interface FragmentView {
  id: string;
  name: string;
  image: string | null;
}
interface CollectState {
  inventory: Record<string, number>;
  sets: number;
  prizes: { prizeId: string; needs: string[]; missing: Record<string, number> }[];
  open: { id: string; kind: string; fragmentId: string }[];
}

function readCollect(progress: Record<string, unknown>): CollectState | null {
  const raw = progress.collect as Partial<CollectState> | undefined;
  if (!raw || typeof raw !== 'object') return null;
  return {
    inventory: raw.inventory && typeof raw.inventory === 'object' ? raw.inventory : {},
    sets: typeof raw.sets === 'number' ? raw.sets : 0,
    prizes: Array.isArray(raw.prizes) ? raw.prizes : [],
    open: Array.isArray(raw.open) ? raw.open : [],
  };
}

/** A gift or request this page was opened with (`?gift=<id>` or `?ask=<id>&fragment=<id>`). */
function incomingOf(search: string): { kind: 'gift' | 'ask'; id: string; fragmentId: string | null } | null {
  const query = new URLSearchParams(search);
  const gift = query.get('gift');
  if (gift) return { kind: 'gift', id: gift, fragmentId: query.get('fragment') };
  const ask = query.get('ask');
  if (ask) return { kind: 'ask', id: ask, fragmentId: query.get('fragment') };
  return null;
}

function withoutIncoming() {
  const url = new URL(window.location.href);
  for (const key of ['gift', 'ask', 'fragment']) url.searchParams.delete(key);
  window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Fragment collection: the pieces held (a draw button spends a chance; the server picks the
 * piece), each prize with the pieces it needs and an exchange button once they are all held, and
 * gifts and requests between friends through links.
 */
export function FragmentsRenderer(props: RendererProps) {
  const t = useT();
  const page = usePage();
  const state = readCollect(props.progress);
  const fragments: FragmentView[] = props.game.collect?.fragments ?? [];
  const [busy, setBusy] = useState<string | null>(null);
  const [latest, setLatest] = useState<string | null>(null);
  const [incoming, setIncoming] = useState(() => (page.editing ? null : incomingOf(window.location.search)));
  if (!state) return null;
  // Running out of chances stops draws only: pieces held can still be given and exchanged.
  const locked = page.editing || (page.reason !== null && page.reason !== 'noChances');
  const nameOf = (id: string | null) => fragments.find((f) => f.id === id)?.name ?? id ?? '';
  const prizeName = (id: string) => props.prizes.find((p) => p.id === id)?.name ?? id;

  async function run<R>(key: string, action: string, body: object, done?: (result: R) => void) {
    if (busy) return;
    setBusy(key);
    try {
      const result = await props.act<R>(action, body);
      done?.(result);
      props.onLanded(NOTHING_LANDED);
    } catch {
      // The page has said why.
    } finally {
      setBusy(null);
    }
  }

  const linkFor = (kind: string, id: string, fragmentId: string) => {
    const url = new URL(page.link, window.location.origin);
    url.searchParams.set(kind, id);
    url.searchParams.set('fragment', fragmentId);
    return url.toString();
  };
  const copyLink = async (link: string) => {
    if (await copyText(link)) page.say(t('collect.linkCopied'));
    else page.say(t('share.copyFailed', { url: link }));
  };

  return (
    <div className="gp-renderer gp-collect" data-testid="fragments">
      {incoming ? (
        <div className="gp-banner gp-collect-incoming" data-testid="collect-incoming">
          <p>
            {incoming.kind === 'gift'
              ? t('collect.giftFor', { name: nameOf(incoming.fragmentId) })
              : t('collect.askFrom', { name: nameOf(incoming.fragmentId) })}
          </p>
          <button
            type="button"
            className="gp-btn gp-btn-main"
            disabled={busy !== null || locked}
            onClick={() =>
              void run(
                'incoming',
                incoming.kind === 'gift' ? 'claimGift' : 'giveAsked',
                { transferId: incoming.id },
                () => {
                  page.say(incoming.kind === 'gift' ? t('collect.giftTaken') : t('collect.askAnswered'));
                  withoutIncoming();
                  setIncoming(null);
                },
              )
            }
          >
            {incoming.kind === 'gift' ? t('collect.takeGift') : t('collect.giveAsked')}
          </button>
        </div>
      ) : null}
      <ul className="gp-collect-grid" aria-label={t('collect.mine')}>
        {fragments.map((f) => {
          const count = state.inventory[f.id] ?? 0;
          return (
            <li
              key={f.id}
              className={`gp-collect-piece${count > 0 ? '' : ' gp-collect-empty'}${latest === f.id ? ' gp-collect-new' : ''}`}
              data-fragment-id={f.id}
              data-count={count}
            >
              {f.image ? <img src={f.image} alt="" /> : null}
              <span>{f.name}</span>
              <strong>×{count}</strong>
              <span className="gp-collect-actions">
                <button
                  type="button"
                  className="gp-link-button"
                  disabled={count === 0 || busy !== null || locked}
                  onClick={() =>
                    void run<{ transferId: string }>(
                      'gift',
                      'gift',
                      { fragmentId: f.id },
                      (r) => void copyLink(linkFor('gift', r.transferId, f.id)),
                    )
                  }
                >
                  {t('collect.gift')}
                </button>
                <button
                  type="button"
                  className="gp-link-button"
                  disabled={busy !== null || locked}
                  onClick={() =>
                    void run<{ transferId: string }>(
                      'ask',
                      'ask',
                      { fragmentId: f.id },
                      (r) => void copyLink(linkFor('ask', r.transferId, f.id)),
                    )
                  }
                >
                  {t('collect.ask')}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="gp-btn gp-btn-main"
        style={{ background: props.button.color ?? undefined, color: props.button.textColor ?? undefined }}
        disabled={busy !== null || props.disabled}
        data-testid="collect-draw"
        onClick={() =>
          void run<{ fragmentId: string }>('draw', 'drawFragment', {}, (r) => {
            setLatest(r.fragmentId);
            page.say(t('collect.got', { name: nameOf(r.fragmentId) }));
          })
        }
      >
        {props.button.text ?? t('collect.draw')}
      </button>
      <ul className="gp-collect-prizes">
        {state.prizes.map((p) => {
          const ready = Object.keys(p.missing).length === 0;
          return (
            <li key={p.prizeId} data-prize-id={p.prizeId}>
              <PrizeIcon prize={props.prizes.find((prize) => prize.id === p.prizeId)} />
              <span className="gp-grow">
                {prizeName(p.prizeId)} · {t('collect.needs', { pieces: p.needs.map(nameOf).join(' + ') })}
              </span>
              <button
                type="button"
                className="gp-btn"
                disabled={!ready || busy !== null || locked}
                onClick={() =>
                  void run('exchange', 'exchange', { prizeId: p.prizeId }, () =>
                    page.say(t('collect.exchanged', { prize: prizeName(p.prizeId) })),
                  )
                }
              >
                {ready
                  ? t('collect.exchange')
                  : t('collect.missing', { count: Object.keys(p.missing).length })}
              </button>
            </li>
          );
        })}
      </ul>
      {state.open.length > 0 ? (
        <ul className="gp-invite-recent" aria-label={t('collect.openList')}>
          {state.open.map((o) => (
            <li key={o.id}>
              <span>
                {o.kind === 'gift'
                  ? t('collect.openGift', { name: nameOf(o.fragmentId) })
                  : t('collect.openAsk', { name: nameOf(o.fragmentId) })}
              </span>
              <button
                type="button"
                className="gp-link-button"
                onClick={() => void copyLink(linkFor(o.kind, o.id, o.fragmentId))}
              >
                {t('collect.copyAgain')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
