import { createHash } from 'node:crypto';
import type { Lang } from '../../engine/validation/lang';
import { escapeHtml } from '../http/escapeHtml';
import { pageTexts } from './pageTexts';

/** A rendered page with the Content-Security-Policy it needs. */
export interface Page {
  html: string;
  csp: string;
}

const STYLE = `body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f7;color:#1f1f1f;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{max-width:420px;margin:24px;padding:32px 24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);text-align:center}
h1{font-size:20px;margin:0 0 12px}p{font-size:15px;line-height:1.6;color:#555;margin:0 0 12px}
.btn{display:block;margin:12px 0 0;padding:12px;border-radius:8px;background:#7367f0;color:#fff;text-decoration:none;font-size:16px}
.btn.secondary{background:#eeedfd;color:#7367f0}img.thumb{max-width:100%;border-radius:8px;margin-bottom:12px}`;

// The launch script reads its addresses from data attributes (escaped as HTML), so no value is
// ever written into script text; the CSP allows exactly this script by its hash.
const LAUNCH_SCRIPT =
  "(function(){var d=document.getElementById('launch').dataset;var gone=false;" +
  "document.addEventListener('visibilitychange',function(){if(document.hidden)gone=true;});" +
  'window.location.href=d.scheme;' +
  'if(d.fallback){setTimeout(function(){if(!gone)window.location.href=d.fallback;},1800);}})();';
const LAUNCH_HASH = createHash('sha256').update(LAUNCH_SCRIPT).digest('base64');

const BASE_CSP =
  "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

function shell(lang: Lang, title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>${head}<style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function messagePage(lang: Lang, title: string, body: string): Page {
  return {
    html: shell(lang, title, '', `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>`),
    csp: BASE_CSP,
  };
}

// Both are the same for every visitor of a language: rendered once.
const NOT_FOUND = new Map<Lang, Page>();
const NO_DESTINATION = new Map<Lang, Page>();

/** The page of an unknown link or path (answered with 404). */
export function notFoundPage(lang: Lang): Page {
  let page = NOT_FOUND.get(lang);
  if (!page) {
    const t = pageTexts(lang);
    NOT_FOUND.set(lang, (page = messagePage(lang, t.notFoundTitle, t.notFoundBody)));
  }
  return page;
}

/**
 * The page of an existing link with no destination for the visitor (answered with 404): no store,
 * scheme, homepage or redirect setting applies. It says nothing else about the link or project.
 */
export function noDestinationPage(lang: Lang): Page {
  let page = NO_DESTINATION.get(lang);
  if (!page) {
    const t = pageTexts(lang);
    NO_DESTINATION.set(lang, (page = messagePage(lang, t.noDestinationTitle, t.noDestinationBody)));
  }
  return page;
}

export interface ShareFields {
  title?: string;
  description?: string;
  thumbnail?: string;
  url: string;
  fallbackTitle: string;
}

/** What link-preview robots read: Open Graph and Twitter card tags from the share fields. */
export function previewPage(lang: Lang, share: ShareFields): Page {
  const title = share.title || share.fallbackTitle;
  const tags = [
    ['og:type', 'website'],
    ['og:title', title],
    ['og:url', share.url],
    ...(share.description ? [['og:description', share.description]] : []),
    ...(share.thumbnail ? [['og:image', share.thumbnail]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}">`)
    .join('');
  const twitter = [
    ['twitter:card', share.thumbnail ? 'summary_large_image' : 'summary'],
    ['twitter:title', title],
    ...(share.description ? [['twitter:description', share.description]] : []),
    ...(share.thumbnail ? [['twitter:image', share.thumbnail]] : []),
  ]
    .map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content)}">`)
    .join('');
  const description = share.description
    ? `<meta name="description" content="${escapeHtml(share.description)}">`
    : '';
  const image = share.thumbnail ? `<img class="thumb" src="${escapeHtml(share.thumbnail)}" alt="">` : '';
  const body = `${image}<h1>${escapeHtml(title)}</h1>${share.description ? `<p>${escapeHtml(share.description)}</p>` : ''}`;
  return { html: shell(lang, title, description + tags + twitter, body), csp: BASE_CSP };
}

/** The "open in the browser" page for WeChat and other in-app browsers. */
export function landingPage(lang: Lang, ios: boolean): Page {
  const t = pageTexts(lang);
  const body = `<h1>${escapeHtml(t.landingTitle)}</h1><p>${escapeHtml(t.landingBody)}</p>${
    ios ? `<p>${escapeHtml(t.landingIos)}</p>` : ''
  }`;
  return { html: shell(lang, t.landingTitle, '', body), csp: BASE_CSP };
}

/** Tries the app's URI scheme, then goes to the fallback (store) when the app did not open. */
export function launchPage(lang: Lang, scheme: string, fallback?: string): Page {
  const t = pageTexts(lang);
  const body = `<h1>${escapeHtml(t.launchTitle)}</h1><p>${escapeHtml(t.launchBody)}</p>
<a class="btn" href="${escapeHtml(scheme)}">${escapeHtml(t.openApp)}</a>${
    fallback ? `<a class="btn secondary" href="${escapeHtml(fallback)}">${escapeHtml(t.download)}</a>` : ''
  }
<div id="launch" data-scheme="${escapeHtml(scheme)}" data-fallback="${escapeHtml(fallback ?? '')}"></div>
<script>${LAUNCH_SCRIPT}</script>`;
  return {
    html: shell(lang, t.launchTitle, '', body),
    csp: `${BASE_CSP}; script-src 'sha256-${LAUNCH_HASH}'`,
  };
}
