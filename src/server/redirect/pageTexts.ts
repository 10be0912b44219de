import type { Lang } from '../../engine/validation/lang';

// Texts of the pages link visitors see (no console i18n there: these are plain server pages).
// Both languages are complete by type.
const ZH = {
  notFoundTitle: '链接不存在',
  notFoundBody: '该链接不存在或已失效，请确认地址是否正确。',
  noDestinationTitle: '链接暂无目标地址',
  noDestinationBody: '该链接存在，但还没有为它（或您的设备）设置目标地址。请稍后再试，或联系分享此链接的人。',
  landingTitle: '请在浏览器中打开',
  landingBody: '当前应用内无法直接打开。请点击右上角的“···”，选择“在浏览器中打开”。',
  landingIos: '在 iPhone 上请选择“在 Safari 中打开”。',
  launchTitle: '正在打开应用…',
  launchBody: '如果应用没有自动打开，请点击下面的按钮。',
  openApp: '打开应用',
  download: '下载应用',
  previewContinue: '继续访问',
  downloadIos: 'iOS 下载',
  downloadAndroid: 'Android 下载',
  downloadPc: '电脑版',
  downloadUnavailable: '暂无下载地址',
};

const EN: typeof ZH = {
  notFoundTitle: 'Link not found',
  notFoundBody: 'This link does not exist or is no longer valid. Please check the address.',
  noDestinationTitle: 'This link has no destination yet',
  noDestinationBody:
    'This link exists, but no destination has been set for it (or for your device) yet. Please try again later or ask whoever shared it.',
  landingTitle: 'Please open in your browser',
  landingBody:
    'This app cannot open the link. Tap "···" in the top right corner and choose "Open in browser".',
  landingIos: 'On iPhone choose "Open in Safari".',
  launchTitle: 'Opening the app…',
  launchBody: 'If the app does not open, use the buttons below.',
  openApp: 'Open the app',
  download: 'Download the app',
  previewContinue: 'Continue',
  downloadIos: 'Download for iOS',
  downloadAndroid: 'Download for Android',
  downloadPc: 'Desktop version',
  downloadUnavailable: 'No download address yet',
};

export type PageTexts = typeof ZH;

/** The page texts of a language. */
export function pageTexts(lang: Lang): PageTexts {
  return lang === 'en-US' ? EN : ZH;
}

/** zh-CN unless the visitor's Accept-Language prefers another language (then English). */
export function visitorLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'zh-CN';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first === '' || first === '*' || first.startsWith('zh')) return 'zh-CN';
  return 'en-US';
}
