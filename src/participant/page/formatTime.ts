const GMT = /^(?:GMT|UTC)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;

/** Minutes east of UTC of a `GMT+08:00` zone, or undefined for anything else. */
export function gmtOffset(zone: string): number | undefined {
  if (/^(GMT|UTC)$/i.test(zone.trim())) return 0;
  const match = GMT.exec(zone.trim());
  if (!match) return undefined;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** How a zone is named beside a time: `GMT+08:00`, `GMT` for no offset, an IANA name as it is. */
export function zoneName(zone: string): string {
  const offset = gmtOffset(zone);
  if (offset === undefined) return zone.trim();
  if (offset === 0) return 'GMT';
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `GMT${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * `YYYY-MM-DD HH:mm GMT+08:00` of an instant in the campaign's zone (`GMT+08:00` or an IANA
 * name), so every player reads the times the operator set, wherever their phone is, and knows
 * which clock they are on. `withZone: false` leaves the zone out (the first time of a range).
 */
export function formatTime(iso: string, zone: string, withZone = true): string {
  const text = wallTime(iso, zone);
  return text && withZone ? `${text} ${zoneName(zone)}` : text;
}

function wallTime(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const offset = gmtOffset(zone);
  if (offset !== undefined)
    return new Date(ms + offset * 60_000).toISOString().slice(0, 16).replace('T', ' ');
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(new Date(ms))
        .map((part) => [part.type, part.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  } catch {
    return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  }
}

/** A countdown as `HH:MM:SS` with the whole days apart: `{ days, time }`. */
export function splitCountdown(ms: number): { days: number; time: string } {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const rest = total % 86_400;
  return {
    days,
    time: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`,
  };
}
