import type { Lang } from '../../engine/validation/lang';
import { escapeHtml } from '../http/escapeHtml';
import { pageTexts } from '../redirect/pageTexts';
import type { Page } from '../redirect/linkPages';

export type ButtonPlatform = 'ios' | 'android' | 'pc';

/** A download landing page as stored (docs/deep-links.md, `DownloadPageConfig`). */
export interface DownloadPageConfig {
  name: string;
  title: string;
  description?: string;
  logoUrl?: string;
  backgroundUrl?: string;
  themeColor?: string;
  templateId?: string;
  buttons: { platform: ButtonPlatform; label?: string; url?: string }[];
}

/** A button ready to draw: its target is already checked (http(s) or a store scheme) or absent. */
export interface ResolvedButton {
  platform: ButtonPlatform;
  label?: string;
  href?: string;
}

const COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const CSP =
  "default-src 'none'; img-src https: http: data: 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** The public download page: title, description, logo and one button per platform. */
export function downloadPageHtml(lang: Lang, config: DownloadPageConfig, buttons: ResolvedButton[]): Page {
  const t = pageTexts(lang);
  const color = config.themeColor && COLOR.test(config.themeColor) ? config.themeColor : '#7367f0';
  const defaults: Record<ButtonPlatform, string> = {
    ios: t.downloadIos,
    android: t.downloadAndroid,
    pc: t.downloadPc,
  };
  const background = config.backgroundUrl
    ? `body{background-image:url("${encodeURI(config.backgroundUrl).replace(/["\\()]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}");background-size:cover;background-position:center}`
    : '';
  const items = buttons
    .map((b) => {
      const label = escapeHtml(b.label || defaults[b.platform]);
      return b.href
        ? `<a class="btn" data-platform="${b.platform}" href="${escapeHtml(b.href)}">${label}</a>`
        : `<span class="btn off" data-platform="${b.platform}">${label} · ${escapeHtml(t.downloadUnavailable)}</span>`;
    })
    .join('');
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(config.title)}</title>${config.description ? `<meta name="description" content="${escapeHtml(config.description)}">` : ''}
<style>body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f7;color:#1f1f1f;display:flex;min-height:100vh;align-items:center;justify-content:center}${background}
main{max-width:420px;width:100%;margin:24px;padding:32px 24px;background:rgba(255,255,255,.95);border-radius:16px;box-shadow:0 2px 12px rgba(0,0,0,.08);text-align:center}
img.logo{width:96px;height:96px;border-radius:20px;object-fit:cover;margin-bottom:16px}h1{font-size:22px;margin:0 0 12px}p{font-size:15px;line-height:1.6;color:#555;margin:0 0 20px}
.btn{display:block;margin:12px 0 0;padding:14px;border-radius:10px;background:${color};color:#fff;text-decoration:none;font-size:16px}.btn.off{background:#d9d9d9;color:#666}</style></head>
<body><main>${config.logoUrl ? `<img class="logo" src="${escapeHtml(config.logoUrl)}" alt="">` : ''}<h1>${escapeHtml(config.title)}</h1>${
    config.description ? `<p>${escapeHtml(config.description)}</p>` : ''
  }${items}</main></body></html>`;
  return { html, csp: CSP };
}
