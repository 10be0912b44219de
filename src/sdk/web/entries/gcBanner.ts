// gc-banner.js (script tag, global GrowthConsole): gc.js + Turbo Banner.
import { autoStart } from '../core/autoStart';
import { flush, getAttribution, init, rewriteLinks, setUserId, showBanner, track } from './fullApi';

export { SDK_VERSION } from '../version';
export { flush, getAttribution, init, rewriteLinks, setUserId, showBanner, track };

autoStart({ init, track, setUserId, flush, getAttribution, rewriteLinks, showBanner });
