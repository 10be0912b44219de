import { clampRect, type Rect } from '../../../engine/page/hotzoneGeometry';

/** At most 10 hotzones: `_defs/common.json` hotzones maxItems. */
export const MAX_ZONES = 10;
/** What a tap on a zone can do. */
export const ZONE_ACTIONS = ['url', 'deeplink', 'share', 'play', 'rules', 'block'] as const;

export type Zone = Rect & {
  action?: string;
  url?: string;
  linkId?: string;
  blockId?: string;
  label?: Record<string, string>;
};

/** What a zone still needs before it can be saved (its action's target), or null. */
export type ZoneProblem = 'needsUrl' | 'needsLink' | 'needsBlock';

/** The zones stored in a block or config, each clamped into the image (anything else dropped). */
export const asZones = (value: unknown): Zone[] =>
  Array.isArray(value)
    ? value
        .filter((z): z is Zone => !!z && typeof z === 'object')
        .map((z) => ({
          ...z,
          ...clampRect({
            x: Number(z.x) || 0,
            y: Number(z.y) || 0,
            width: Number(z.width) || 1,
            height: Number(z.height) || 1,
          }),
        }))
    : [];

export function zoneProblem(zone: Zone): ZoneProblem | null {
  if ((zone.action ?? 'url') === 'url' && !zone.url) return 'needsUrl';
  if (zone.action === 'deeplink' && !zone.linkId) return 'needsLink';
  if (zone.action === 'block' && !zone.blockId) return 'needsBlock';
  return null;
}

/** The zones as saved: clamped, with only the target their action uses and a label if one was typed. */
export const cleanZones = (zones: readonly Zone[]) =>
  zones.map(({ x, y, width, height, action, url, linkId, blockId, label }) => ({
    ...clampRect({ x, y, width, height }),
    action: action ?? 'url',
    ...(action === 'url' || !action ? { url } : {}),
    ...(action === 'deeplink' ? { linkId } : {}),
    ...(action === 'block' ? { blockId } : {}),
    ...(label && Object.values(label).some(Boolean) ? { label } : {}),
  }));

/** A rect in percent as CSS position and size within the image box. */
export const zoneStyle = (r: Rect) => ({
  left: `${r.x}%`,
  top: `${r.y}%`,
  width: `${r.width}%`,
  height: `${r.height}%`,
});
