// Money as integer micros (1 unit = 1 000 000 micros): parsed from decimal text without floats,
// formatted through Intl from an exact decimal string.

/** Largest magnitude accepted, below Number.MAX_SAFE_INTEGER so sums of a few stay exact. */
const MAX_MICROS = 9e15;
const MONEY = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Decimal text to integer micros: "1.25" -> 1250000, "-0.000001" -> -1, "+3" -> 3000000,
 * ".5" -> 500000. At most 6 decimals; no exponent, spaces inside or thousands separators
 * (surrounding spaces are trimmed). null when the text is not such a number or |micros| >= 9e15.
 */
export function parseMoneyToMicros(text: string): number | null {
  const match = MONEY.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  if (fraction.length > 6) return null;
  const digits = whole.replace(/^0+(?=\d)/, '');
  // 9e15 micros = 9e9 units: ten digits or more before the point can only fit as 9 999 999 999.
  if (digits.length > 10) return null;
  const micros = Number(digits || '0') * 1_000_000 + Number(fraction.padEnd(6, '0'));
  if (micros >= MAX_MICROS) return null;
  return sign === '-' && micros !== 0 ? -micros : micros;
}

/** Integer micros as an exact decimal string with the decimals it needs ("-1.25", "0.000001"). */
function microsToDecimal(micros: number): string {
  const negative = micros < 0;
  const abs = Math.abs(Math.trunc(micros));
  const whole = Math.floor(abs / 1_000_000);
  const fraction = String(abs % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(locale: string, currency: string): Intl.NumberFormat | null {
  const id = `${locale}|${currency}`;
  let format = formats.get(id);
  if (format === undefined) {
    try {
      const standard = new Intl.NumberFormat(locale, { style: 'currency', currency });
      const { minimumFractionDigits } = standard.resolvedOptions();
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits,
        maximumFractionDigits: 6,
      });
    } catch {
      return null;
    }
    if (formats.size > 200) formats.clear();
    formats.set(id, format);
  }
  return format;
}

/**
 * Micros as money in a locale (default en-US): the currency's usual decimals, more when the
 * amount has them (up to 6, never rounded away): formatMicros(1250000, 'USD') = "$1.25",
 * formatMicros(1234, 'USD') = "$0.001234", formatMicros(-5e6, 'CNY', 'zh-CN') = "-¥5.00".
 * An unknown currency code or locale falls back to "1.25 XYZ" or en-US.
 */
export function formatMicros(micros: number, currency: string, locale = 'en-US'): string {
  const decimal = microsToDecimal(micros);
  const format = currencyFormat(locale, currency) ?? currencyFormat('en-US', currency);
  if (format === null) return `${decimal} ${currency}`;
  return format.format(decimal as Intl.StringNumericLiteral);
}

/** Income per thousand serves in micros: round(income × 1000 / serves); 0 when there are no serves. */
export function ecpmMicros(incomeMicros: number, serves: number): number {
  if (!(serves > 0)) return 0;
  return Math.round((incomeMicros * 1000) / serves) + 0;
}
