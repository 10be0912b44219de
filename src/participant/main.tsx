import { createRoot } from 'react-dom/client';
import './participantRoot.css';
import './participant.css';
import { apiLang, makeT, uiLang } from './i18n/texts';
import { PlayPage } from './page/PlayPage';
import { loadRenderer } from './renderers';
import { readLaunch } from './session/readLaunch';
import { startPlay } from './session/startPlay';

/** What the server put beside its first paint (a JSON script: data, never run). */
interface Boot {
  campaignId?: string;
  lang?: string;
}

function readBoot(): Boot {
  const element = document.getElementById('gc-play-boot');
  try {
    if (element?.textContent) return JSON.parse(element.textContent) as Boot;
  } catch {
    // Fall through: a dev build opened as /participant.html?campaign=<id>.
  }
  return { campaignId: new URLSearchParams(window.location.search).get('campaign') ?? undefined };
}

const container = document.getElementById('root') as HTMLElement;
const boot = readBoot();
const launch = readLaunch(window.location.href);
// The hand-off and app token are spent once: they leave the address bar (and its history entry)
// before anything else, so a shared or bookmarked link never carries them.
if (`${window.location.pathname}${window.location.search}${window.location.hash}` !== launch.cleanUrl)
  window.history.replaceState(window.history.state, '', launch.cleanUrl);

const lang = uiLang(launch.lang ?? boot.lang ?? document.documentElement.lang);
const t = makeT(lang);
const root = createRoot(container);

function showError(message: string) {
  root.render(
    <div className="gp-page">
      <main className="gp-column">
        <section className="gp-card gp-fail" role="alert" data-testid="play-error">
          <p>{t('loadFailed', { message })}</p>
          <button type="button" className="gp-btn" onClick={() => void start()}>
            {t('retry')}
          </button>
        </section>
      </main>
    </div>,
  );
}

async function start() {
  const campaignId = boot.campaignId;
  if (!campaignId) {
    showError(t('noCampaign'));
    return;
  }
  try {
    // The server's first paint stays until the page model and the code of its renderer are here:
    // no blank screen or empty game meanwhile.
    const started = await startPlay(campaignId, launch, { lang: apiLang(lang), networkText: t('network') });
    const { campaign } = started.data;
    if (campaign.playable)
      await loadRenderer(campaign.renderer).catch(() => {
        throw new Error(t('network'));
      });
    root.render(<PlayPage campaignId={campaignId} launch={launch} started={started} />);
  } catch (error) {
    showError(error instanceof Error ? error.message : t('unexpected'));
  }
}

void start();
