import { BANNER_HEIGHT } from './render';

// The banner's space: a <style> that pads the page on the banner's side. The snippet's inline
// part adds it before the first paint when the banner will probably show; the SDK keeps it under
// the banner, or removes it when the banner must not show.

export const SPACE_ID = 'gc-banner-space';

/** localStorage key: until when (ms) a dismissal hides the banner. */
export const dismissedKey = (id: string) => `gc_bd_${id}`;
/** localStorage key: until when (ms) the banner is remembered as not shown (offline, unreachable). */
export const notShownKey = (id: string) => `gc_bo_${id}`;

/**
 * The rule that reserves the space: `--gc-banner-height` (the banner with the safe-area inset,
 * also for the page's own fixed headers: `top: var(--gc-banner-height, 0px)`) padding the root.
 */
export const spaceCss = (position: 'top' | 'bottom') =>
  `:root{--gc-banner-height:calc(${BANNER_HEIGHT}px + env(safe-area-inset-${position},0px));padding-${position}:var(--gc-banner-height)!important}`;

/** The side the space is reserved on, or null. */
export const reservedSide = () => document.getElementById(SPACE_ID)?.getAttribute('data-position') ?? null;

export function reserveSpace(position: 'top' | 'bottom'): void {
  const style = document.createElement('style');
  style.id = SPACE_ID;
  style.setAttribute('data-position', position);
  style.textContent = spaceCss(position);
  document.head.appendChild(style);
}

export function releaseSpace(): void {
  document.getElementById(SPACE_ID)?.remove();
}
