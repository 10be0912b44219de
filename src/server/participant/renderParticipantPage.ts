import { escapeHtml } from '../http/escapeHtml';
import type { JoinState, ParticipantTexts } from './participantTexts';
import type { ParticipantAssets } from './participantAssets';

export interface PagePrize {
  name: string;
  image?: string;
}

export interface ParticipantPageModel {
  /** The campaign language (html lang). */
  lang: string;
  texts: ParticipantTexts;
  title: string;
  timeText: string;
  joinState: JoinState;
  preview: boolean;
  backgroundImage?: string;
  rules?: { text: string; textColor?: string; backgroundColor?: string };
  button: { text: string; color?: string; textColor?: string };
  prizes: PagePrize[];
  /** Open Graph: how the page looks when its link is shared (absolute URLs). */
  og: { title: string; description?: string; image?: string; url: string };
}

/** What the participant app needs beside the first paint: data only, read by the app. */
export interface ParticipantBoot {
  campaignId: string;
  /** The campaign language this page was rendered in. */
  lang: string;
}

// Shared with the page view the console's editor draws (src/engine/page/pageText.ts).
export { safeColor, safeUrl } from '../../engine/page/pageText';

// The first paint's own look, scoped to .fp: the app that replaces it keeps its own classes.
const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f;background:#f5f5f5}
.fp{min-height:100vh;background:#f5f5f5 center top/cover no-repeat}
.fp main{max-width:750px;margin:0 auto;padding:24px 16px 48px}
.fp .preview{background:#faad14;color:#000;text-align:center;font-weight:600;border-radius:8px;padding:4px 8px;margin-bottom:12px}
.fp h1{font-size:26px;text-align:center;margin:8px 0}.fp h2{font-size:18px;margin:0 0 8px}
.fp .time{text-align:center;font-size:13px;opacity:.8;margin:0 0 16px}
.fp section{background:rgba(255,255,255,.92);border-radius:12px;padding:16px;margin:12px 0}
.fp .join{text-align:center}.fp .join p{margin:0 0 12px;font-weight:600}
.fp button{border:0;border-radius:24px;padding:12px 40px;font-size:17px;font-weight:600;background:#7367f0;color:#fff}
.fp button[disabled]{opacity:.45}
.fp ul{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(120px,1fr));gap:12px}
.fp li{text-align:center;font-size:14px}.fp li img{display:block;width:72px;height:72px;object-fit:contain;margin:0 auto 4px}
.fp .rules p{white-space:pre-line;margin:0}`;

/** JSON for a `<script type="application/json">`: nothing in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function ogTags(og: ParticipantPageModel['og']): string {
  const tags: [string, string | undefined][] = [
    ['og:type', 'website'],
    ['og:title', og.title],
    ['og:description', og.description],
    ['og:image', og.image],
    ['og:url', og.url],
  ];
  return [
    ...(og.description ? [`<meta name="description" content="${escapeHtml(og.description)}">`] : []),
    ...tags
      .filter(([, content]) => content)
      .map(
        ([property, content]) => `<meta property="${property}" content="${escapeHtml(content as string)}">`,
      ),
    `<meta name="twitter:card" content="${og.image ? 'summary_large_image' : 'summary'}">`,
  ].join('\n');
}

/** The app's CSS, preloaded chunks and entry script (module scripts run after parsing). */
function appTags(assets: ParticipantAssets): string {
  return [
    ...assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...assets.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    `<script type="module" src="${escapeHtml(assets.script)}"></script>`,
  ].join('\n');
}

/**
 * The participant page as HTML: the first paint, every value escaped, colours and URLs
 * whitelisted. With a build (`app`), the participant app's files and its boot data (a JSON script
 * the browser never runs) join it, and the app replaces the first paint once it has loaded.
 */
export function renderParticipantPage(
  model: ParticipantPageModel,
  app?: { assets: ParticipantAssets; boot: ParticipantBoot },
): string {
  const { texts } = model;
  const background = model.backgroundImage
    ? ` style="background-image:url('${escapeHtml(model.backgroundImage)}')"`
    : '';
  const buttonStyle = [
    model.button.color ? `background:${model.button.color}` : '',
    model.button.textColor ? `color:${model.button.textColor}` : '',
  ]
    .filter(Boolean)
    .join(';');
  const prizes = model.prizes.length
    ? `<section class="prizes"><h2>${escapeHtml(texts.prizes)}</h2><ul>${model.prizes
        .map(
          (p) =>
            `<li>${p.image ? `<img src="${escapeHtml(p.image)}" alt="">` : ''}${escapeHtml(p.name)}</li>`,
        )
        .join('')}</ul></section>`
    : '';
  const rulesStyle = model.rules
    ? [
        model.rules.textColor ? `color:${model.rules.textColor}` : '',
        model.rules.backgroundColor ? `background:${model.rules.backgroundColor}` : '',
      ]
        .filter(Boolean)
        .join(';')
    : '';
  const rules = model.rules?.text
    ? `<section class="rules"${rulesStyle ? ` style="${rulesStyle}"` : ''}><h2>${escapeHtml(texts.rules)}</h2><p>${escapeHtml(model.rules.text)}</p></section>`
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(model.lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<meta name="robots" content="noindex"><link rel="icon" href="data:,">
<title>${escapeHtml(model.title)}</title>
${ogTags(model.og)}
<style>${STYLE}</style>
${app ? appTags(app.assets) : ''}
</head>
<body><div id="root"><div class="fp"${background}><main>
${model.preview ? `<div class="preview" data-preview="true">${escapeHtml(texts.preview)}</div>` : ''}
<h1>${escapeHtml(model.title)}</h1>
<p class="time">${escapeHtml(texts.time)}: ${escapeHtml(model.timeText)}</p>
<section class="join" data-state="${escapeHtml(model.joinState)}"><p>${escapeHtml(texts.join[model.joinState])}</p>
<button type="button"${buttonStyle ? ` style="${buttonStyle}"` : ''}${model.joinState === 'open' ? '' : ' disabled'}>${escapeHtml(model.button.text)}</button></section>
${prizes}
${rules}
</main></div></div>
${app ? `<script type="application/json" id="gc-play-boot">${scriptJson(app.boot)}</script>` : ''}
</body></html>`;
}

/** The 404 page of an unknown (or unpublished) campaign. */
export function renderNotFoundPage(lang: string, texts: ParticipantTexts): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(texts.notFoundTitle)}</title><style>${STYLE}</style></head>
<body><div class="fp"><main><h1>${escapeHtml(texts.notFoundTitle)}</h1><section class="join"><p>${escapeHtml(texts.notFound)}</p></section></main></div></body></html>`;
}
