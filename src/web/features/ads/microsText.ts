const MICROS = 1_000_000;

/**
 * Integer micros as the plain decimal an input shows and `parseMoneyToMicros` reads back:
 * 1250000 -> "1.25", -500000 -> "-0.5", 0 -> "0". Integer arithmetic only: no float rounding.
 */
export function microsToText(micros: number): string {
  if (!Number.isSafeInteger(micros)) return '';
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const units = Math.floor(abs / MICROS);
  const fraction = String(abs % MICROS)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${sign}${units}${fraction ? `.${fraction}` : ''}`;
}
