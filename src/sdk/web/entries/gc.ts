// gc.js (script tag, global GrowthConsole): events, attribution and Turbo Script.
import { getAttribution } from '../core/attribution';
import { autoStart } from '../core/autoStart';
import { startClient, setUserId, track, type InitOptions } from '../core/client';
import { flush } from '../core/eventQueue';
import { rewriteLinks } from '../script/rewriteLinks';

export { SDK_VERSION } from '../version';
export { flush, getAttribution, rewriteLinks, setUserId, track };

export function init(options: InitOptions): void {
  if (startClient(options) && options.script) void rewriteLinks(options.script);
}

autoStart({ init, track, setUserId, flush, getAttribution, rewriteLinks });
