import { escapeHtml } from '../../http/escapeHtml';
import type { Lang } from '../../../engine/validation/lang';
import type { ParticipantAssets } from '../../participant/participantAssets';
import zhCN from '../../../../locales/zh-CN/offerwall.json';
import enUS from '../../../../locales/en-US/offerwall.json';

/** The server's few words on the offerwall page (`page` of locales/*\/offerwall.json). */
export type OfferwallPageTexts = typeof enUS.page;

export const OFFERWALL_PAGE_TEXTS: Record<Lang, OfferwallPageTexts> = {
  'zh-CN': zhCN.page,
  'en-US': enUS.page,
};

/** What the offerwall app reads beside the first paint (a JSON script, never run). */
export interface OfferwallBoot {
  projectId: string;
  lang: Lang;
  /** Said when not even the app's own words arrive. */
  networkError: string;
}

// Phone first: the first paint is the app's header and a loading line, so nothing jumps when the
// app replaces it.
const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f;background:#f2f2f5}
.fp main{max-width:540px;margin:0 auto;padding:16px}
.fp h1{font-size:20px;margin:4px 0 12px}.fp section{background:#fff;border-radius:12px;padding:16px;margin:12px 0}
.fp p{margin:0}`;

function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function appTags(assets: ParticipantAssets): string {
  return [
    ...assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...assets.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    `<script type="module" src="${escapeHtml(assets.script)}"></script>`,
  ].join('\n');
}

function shell(lang: Lang, title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<meta name="robots" content="noindex"><link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${head}
</head>
<body>${body}</body></html>`;
}

/**
 * The offerwall page: its header and a loading line, then (with a build) the offerwall app, which
 * signs the visitor in from the address and draws the page over it.
 */
export function renderOfferwallPage(
  lang: Lang,
  app?: { assets: ParticipantAssets; boot: OfferwallBoot },
): string {
  const texts = OFFERWALL_PAGE_TEXTS[lang];
  return shell(
    lang,
    texts.title,
    app ? appTags(app.assets) : '',
    `<div id="root"><div class="fp"><main><h1>${escapeHtml(texts.title)}</h1><section><p>${escapeHtml(texts.loading)}</p></section></main></div></div>
${app ? `<script type="application/json" id="gc-offerwall-boot">${scriptJson(app.boot)}</script>` : ''}`,
  );
}

/** The page of a project whose offerwall is closed (or that does not exist). */
export function renderOfferwallClosedPage(lang: Lang): string {
  const texts = OFFERWALL_PAGE_TEXTS[lang];
  return shell(
    lang,
    texts.closedTitle,
    '',
    `<div class="fp"><main><h1>${escapeHtml(texts.closedTitle)}</h1><section data-testid="offerwall-closed"><p>${escapeHtml(texts.closed)}</p></section></main></div>`,
  );
}
