import type { PlayPrize } from '../../api/playTypes';

const mod = (value: number, by: number) => ((value % by) + by) % by;

/**
 * The wheel's sectors: one per prize in config order, the list repeated when it has fewer than
 * four prizes so the wheel still looks like one.
 */
export function wheelSectors(prizes: readonly PlayPrize[]): PlayPrize[] {
  if (prizes.length === 0) return [];
  const times = Math.ceil(4 / prizes.length);
  return Array.from({ length: times }, () => prizes).flat();
}

/**
 * The rotation (degrees, clockwise) that leaves sector `index` of `count` under the pointer at the
 * top: sector i is centred `i * 360 / count` degrees clockwise from the top at rotation 0. The
 * answer is at least `from + turns * 360`, so the wheel always turns forward; `offset` (a
 * fraction of the sector, -0.5..0.5 exclusive) keeps it from always stopping dead centre.
 */
export function landingAngle(from: number, index: number, count: number, turns = 6, offset = 0): number {
  const sector = 360 / count;
  const wanted = mod(-(index * sector + offset * sector), 360);
  const base = from + turns * 360;
  return base + mod(wanted - mod(base, 360), 360);
}

/** The sector under the top pointer at a rotation (the inverse of landingAngle). */
export function sectorAt(angle: number, count: number): number {
  const sector = 360 / count;
  return mod(Math.round(mod(-angle, 360) / sector), count);
}

/** The sectors showing a drawn prize: by id, else (a thank-you the page does not list) any thank-you. */
export function sectorsOf(
  sectors: readonly PlayPrize[],
  prize: { id: string | null; isThank: boolean },
): number[] {
  const byId = sectors.flatMap((s, i) => (prize.id !== null && s.id === prize.id ? [i] : []));
  if (byId.length > 0 || !prize.isThank) return byId;
  return sectors.flatMap((s, i) => (s.isThank ? [i] : []));
}

/** The SVG path of a sector from `a0` to `a1` degrees clockwise from the top, radius `r`. */
export function sectorPath(a0: number, a1: number, r: number): string {
  if (a1 - a0 >= 360) return `M0,${-r}A${r},${r} 0 1,1 0,${r}A${r},${r} 0 1,1 0,${-r}Z`;
  const point = (a: number) => {
    const rad = (a * Math.PI) / 180;
    return `${(r * Math.sin(rad)).toFixed(3)},${(-r * Math.cos(rad)).toFixed(3)}`;
  };
  return `M0,0L${point(a0)}A${r},${r} 0 ${a1 - a0 > 180 ? 1 : 0},1 ${point(a1)}Z`;
}

/** Dark or light text for a hex background, whichever reads better. */
export function textOn(hex: string): string {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const n = Number.parseInt(full.slice(1), 16);
  if (Number.isNaN(n)) return '#3d2600';
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#3d2600' : '#ffffff';
}

const clip = (text: string, max: number) => {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
};

/**
 * A prize name on at most two lines that fit its sector, broken between words where it has
 * spaces (the whole name is in the result dialog).
 */
export function labelLines(name: string, count: number): string[] {
  const max = count <= 4 ? 11 : count <= 6 ? 8 : count <= 10 ? 6 : 4;
  if ([...name].length <= max) return [name];
  let first = '';
  for (const word of name.split(/\s+/)) {
    const next = first ? `${first} ${word}` : word;
    if ([...next].length > max) break;
    first = next;
  }
  if (!first) first = [...name].slice(0, max).join('');
  return [first, clip(name.slice(first.length).trim(), max)];
}

/**
 * How a wheel of `count` sectors is lettered: each sector's angle, the labels' font size and the
 * prize pictures as large as the sector allows below the name.
 */
export function wheelSizes(count: number): { step: number; fontSize: number; iconSize: number } {
  return {
    step: count ? 360 / count : 360,
    fontSize: count <= 6 ? 9 : count <= 10 ? 7.5 : 6,
    iconSize: count <= 6 ? 30 : count <= 10 ? 24 : 20,
  };
}
