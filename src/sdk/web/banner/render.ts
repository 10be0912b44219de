import type { BannerColors } from '../types';

/** The banner's height in CSS pixels, without the safe-area inset on notched phones. */
export const BANNER_HEIGHT: number = 64;

/** What the banner shows, in one language (the console's live preview passes the same). */
export interface BannerView {
  position: 'top' | 'bottom';
  title: string;
  description: string;
  button: string;
  /** 0..5 in steps of 0.5 (half stars); null = no stars. */
  rating: number | null;
  colors: BannerColors;
  /** Corner radius in px: the banner's inner corners and the button (at most half its height). */
  radius: number;
  /** The button's link; without it (the preview) the button only calls `on.click`. */
  url?: string;
  /** The close button's accessible label (default "Close"). */
  closeLabel?: string;
}

export interface BannerHandlers {
  click?(): void;
  dismiss?(): void;
}

const STARS = '\u2605\u2605\u2605\u2605\u2605';

// `all: initial` (important: it beats the page's rules on the host, even `* {}` ones) stops the
// page's inherited styles at the host; the shadow root keeps these rules from the page.
const css = (side: string) =>
  `:host{all:initial!important;display:block!important}` +
  `.w{padding-${side}:env(safe-area-inset-${side},0px);font:14px/1.25 system-ui,-apple-system,sans-serif;box-shadow:0 0 8px rgba(0,0,0,.2);-webkit-text-size-adjust:100%}` +
  `.b{box-sizing:border-box;height:${BANNER_HEIGHT}px;display:flex;align-items:center;gap:8px;padding:0 12px 0 4px}` +
  `.x{all:unset;flex:none;width:32px;height:32px;font-size:22px;line-height:32px;text-align:center;cursor:pointer;opacity:.6}` +
  `.x:focus-visible,.a:focus-visible{outline:2px solid;outline-offset:2px}` +
  `.t{flex:1;min-width:0}.t>div{overflow:hidden;white-space:nowrap;text-overflow:ellipsis}.h{font-weight:600}` +
  `.d,.s{font-size:12px;opacity:.85}.s{position:relative;display:inline-block;color:#ccc}` +
  `.s i{position:absolute;top:0;left:0;overflow:hidden;color:#f5a623;font-style:normal}` +
  `.a{flex:none;max-width:40%;padding:8px 14px;font-weight:600;text-decoration:none;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;cursor:pointer}`;

/**
 * Draws the banner into `root` (replacing what it held): close button, title, description and
 * stars (one line each, cut with an ellipsis), and the button. Pure DOM; texts go in as text and
 * colours through the CSSOM (an invalid value is ignored), so nothing in `view` is parsed as
 * HTML or CSS. The host is a block of BANNER_HEIGHT (+ the safe-area inset on the banner's side);
 * the caller positions it.
 */
export function renderBanner(root: ShadowRoot, view: BannerView, on: BannerHandlers = {}): void {
  const el = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    className: string,
    parent: Node,
    text?: string,
  ) => {
    const node = document.createElement(tag);
    node.className = className;
    if (text) node.textContent = text;
    parent.appendChild(node);
    return node;
  };
  const { colors } = view;
  const side = view.position == 'top' ? 'top' : 'bottom';
  const radius = Math.max(0, +view.radius || 0);
  root.innerHTML = '';
  el('style', '', root, css(side));
  const wrap = el('div', 'w', root);
  wrap.style.background = colors.background;
  wrap.style.color = colors.text;
  wrap.style.borderRadius = side == 'top' ? `0 0 ${radius}px ${radius}px` : `${radius}px ${radius}px 0 0`;
  const bar = el('div', 'b', wrap);
  const close = el('button', 'x', bar, '\u00d7');
  close.type = 'button';
  close.setAttribute('aria-label', view.closeLabel || 'Close');
  close.onclick = () => on.dismiss?.();
  const texts = el('div', 't', bar);
  texts.dir = 'auto';
  el('div', 'h', texts, view.title);
  if (view.description) el('div', 'd', texts, view.description);
  if (view.rating != null) {
    const rating = Math.min(5, Math.max(0, view.rating));
    const stars = el('span', 's', el('div', '', texts), STARS);
    stars.setAttribute('role', 'img');
    stars.setAttribute('aria-label', `${rating}/5`);
    el('i', '', stars, STARS).style.width = `${rating * 20}%`;
  }
  const button = el('a', 'a', bar, view.button);
  if (view.url) button.href = view.url;
  button.style.background = colors.button;
  button.style.color = colors.buttonText;
  button.style.borderRadius = `${Math.min(radius, 17)}px`;
  button.onclick = () => on.click?.();
}
