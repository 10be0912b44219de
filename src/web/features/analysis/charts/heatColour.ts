/** The console's primary colour (the default theme colour 115,103,240). */
const PRIMARY = [115, 103, 240] as const;

export interface HeatStyle {
  background: string;
  color: string;
}

/**
 * Cell colours of a retention table: the primary colour at an opacity growing with `rate`
 * (0..1), white text once the cell is dark enough. Missing rates stay uncoloured.
 */
export function heatColour(rate: number | null | undefined): HeatStyle | undefined {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return undefined;
  const clamped = Math.min(1, Math.max(0, rate));
  const alpha = Math.round((0.06 + clamped * 0.84) * 100) / 100;
  return {
    background: `rgba(${PRIMARY.join(', ')}, ${alpha})`,
    color: alpha > 0.5 ? '#fff' : 'inherit',
  };
}
