import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './offerwall.css';
import { loadOfferwallT, offerwallApiLang, offerwallLang } from './offerwallTexts';
import type { T } from '../i18n/texts';
import { readOfferwallLaunch } from './readOfferwallLaunch';
import { startOfferwall } from './startOfferwall';

/** What the server put beside its first paint (a JSON script: data, never run). */
interface Boot {
  projectId?: string;
  lang?: string;
  /** The server's words for "nothing arrived", for when the app's own words cannot load. */
  networkError?: string;
}

function readBoot(): Boot {
  const element = document.getElementById('gc-offerwall-boot');
  try {
    if (element?.textContent) return JSON.parse(element.textContent) as Boot;
  } catch {
    // Fall through: a dev build opened as /offerwall.html?project=<id>.
  }
  return { projectId: new URLSearchParams(window.location.search).get('project') ?? undefined };
}

const boot = readBoot();
const launch = readOfferwallLaunch(window.location.href);
// The hand-off and app token are spent once: they leave the address bar (and its history entry)
// before anything else, so a shared or bookmarked link never carries them.
if (`${window.location.pathname}${window.location.search}${window.location.hash}` !== launch.cleanUrl)
  window.history.replaceState(window.history.state, '', launch.cleanUrl);

const lang = offerwallLang(launch.lang ?? boot.lang ?? document.documentElement.lang);
const root = createRoot(document.getElementById('root') as HTMLElement);

function frame(t: T, children: ReactNode) {
  return (
    <div className="ow-page">
      <main className="ow-column">
        <h1 className="ow-title">{t('title')}</h1>
        {children}
      </main>
    </div>
  );
}

function showError(t: T, message: string) {
  root.render(
    frame(
      t,
      <section className="ow-card" role="alert" data-testid="offerwall-error">
        <p>{t('loadFailed', { message })}</p>
        <button type="button" className="ow-btn ow-btn-main" onClick={() => void start()}>
          {t('retry')}
        </button>
      </section>,
    ),
  );
}

async function start() {
  // The page's words and code load while the session and the wall are asked for; the server's
  // first paint stays until all are here: no blank screen meanwhile.
  const page = import('./OfferwallPage');
  const texts = loadOfferwallT(lang);
  let t: T;
  try {
    t = await texts;
  } catch {
    // Not even the words arrived: say so in the server's words.
    root.render(
      <p className="ow-banner" role="alert" data-testid="offerwall-error">
        {boot.networkError}
      </p>,
    );
    return;
  }
  document.documentElement.lang = lang;
  document.title = t('title');
  const projectId = boot.projectId;
  if (!projectId) {
    showError(t, t('unexpected'));
    return;
  }
  const api = { lang: offerwallApiLang(lang), networkText: t('network') };
  try {
    const started = await startOfferwall(projectId, launch, api);
    if (started.kind === 'signIn') {
      const { key, message } = started.problem;
      root.render(
        frame(
          t,
          <section className="ow-card" role="alert" data-testid="offerwall-signin">
            <p>{t(key, { message: message ?? '' })}</p>
          </section>,
        ),
      );
      return;
    }
    const { OfferwallPage } = await page;
    root.render(
      <OfferwallPage
        projectId={projectId}
        lang={lang}
        t={t}
        queryLang={launch.lang}
        api={api}
        session={started.session}
        wall={started.wall}
      />,
    );
  } catch (error) {
    showError(t, error instanceof Error ? error.message : t('unexpected'));
  }
}

void start();
