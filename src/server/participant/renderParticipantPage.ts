import { escapeHtml } from '../http/escapeHtml';
import type { JoinState, ParticipantTexts } from './participantTexts';
import { urlProblem } from '../../engine/validation/urlProblem';

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
}

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
// http(s) or a path of this server; no quotes, parentheses, backslashes or spaces, so the value
// is inert in a CSS url("") and an HTML attribute alike.
const SAFE_URL = /^(https?:\/\/[^\s"'()\\<>]+|\/(?!\/)[^\s"'()\\<>]*)$/;

/** A colour for a style attribute, or nothing when it is not a plain hex colour. */
export function safeColor(value: unknown): string | undefined {
  return typeof value === 'string' && HEX.test(value) ? value : undefined;
}

/**
 * An image address for src/url(), or nothing when it is not a public http(s) address or the
 * console's own `/uploads/...` (the engine's image rule; configs saved before it may hold others).
 */
export function safeUrl(value: unknown): string | undefined {
  return typeof value === 'string' &&
    value.length <= 1024 &&
    SAFE_URL.test(value) &&
    !urlProblem(value, 'image')
    ? value
    : undefined;
}

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f;background:#f5f5f5 center top/cover no-repeat}
main{max-width:750px;min-height:100vh;margin:0 auto;padding:24px 16px 48px}
.preview{background:#faad14;color:#000;text-align:center;font-weight:600;border-radius:8px;padding:4px 8px;margin-bottom:12px}
h1{font-size:26px;text-align:center;margin:8px 0}h2{font-size:18px;margin:0 0 8px}
.time{text-align:center;font-size:13px;opacity:.8;margin:0 0 16px}
section{background:rgba(255,255,255,.92);border-radius:12px;padding:16px;margin:12px 0}
.join{text-align:center}.join p{margin:0 0 12px;font-weight:600}
button{border:0;border-radius:24px;padding:12px 40px;font-size:17px;font-weight:600;background:#7367f0;color:#fff}
button[disabled]{opacity:.45}
ul{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(120px,1fr));gap:12px}
li{text-align:center;font-size:14px}li img{display:block;width:72px;height:72px;object-fit:contain;margin:0 auto 4px}
.rules p{white-space:pre-line;margin:0}`;

/** The participant page as HTML: no scripts, every value escaped, colours and URLs whitelisted. */
export function renderParticipantPage(model: ParticipantPageModel): string {
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
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(model.title)}</title><style>${STYLE}</style></head>
<body${background}><main>
${model.preview ? `<div class="preview" data-preview="true">${escapeHtml(texts.preview)}</div>` : ''}
<h1>${escapeHtml(model.title)}</h1>
<p class="time">${escapeHtml(texts.time)}: ${escapeHtml(model.timeText)}</p>
<section class="join" data-state="${escapeHtml(model.joinState)}"><p>${escapeHtml(texts.join[model.joinState])}</p>
<button type="button"${buttonStyle ? ` style="${buttonStyle}"` : ''}${model.joinState === 'open' ? '' : ' disabled'}>${escapeHtml(model.button.text)}</button></section>
${prizes}
${rules}
</main></body></html>`;
}

/** The 404 page of an unknown (or unpublished) campaign. */
export function renderNotFoundPage(lang: string, texts: ParticipantTexts): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(texts.notFoundTitle)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(texts.notFoundTitle)}</h1><section class="join"><p>${escapeHtml(texts.notFound)}</p></section></main></body></html>`;
}
