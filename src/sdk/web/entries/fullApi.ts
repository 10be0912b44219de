// The SDK with Turbo Banner: gc-banner.js and gc.mjs.
import { getAttribution } from '../core/attribution';
import { startClient, setUserId, track, type InitOptions } from '../core/client';
import { flush } from '../core/eventQueue';
import { rewriteLinks } from '../script/rewriteLinks';
import { showBanner } from '../banner/showBanner';

export { flush, getAttribution, rewriteLinks, setUserId, showBanner, track };

/** Starts the SDK once per page (later calls are ignored): events, then the script's links and the banner. */
export function init(options: InitOptions): void {
  if (!startClient(options)) return;
  if (options.script) void rewriteLinks(options.script);
  if (options.banner) void showBanner(options.banner);
}
