// gc.mjs: every export of the web SDK as an ES module (no auto-start: call init()).
export { flush, getAttribution, init, rewriteLinks, setUserId, showBanner, track } from './entries/fullApi';
export { BANNER_HEIGHT, renderBanner } from './banner/render';
export { SDK_VERSION } from './version';
export type { Attribution } from './core/attribution';
export type { EventData, InitOptions } from './core/client';
export type { BannerHandlers, BannerView } from './banner/render';
export type { BannerColors, PublicBanner, PublicScript, UrlMappingRow } from './types';
