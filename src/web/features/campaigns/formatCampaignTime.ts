import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** Minutes east of UTC for a `GMT+08:00` / `GMT-03:30` / `GMT` timezone, or null if unreadable. */
export function gmtOffsetMinutes(timezone: string | null | undefined): number | null {
  if (!timezone) return null;
  const match = /^(?:GMT|UTC)(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(timezone.trim());
  if (!match) return null;
  if (!match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * A campaign time as operators set it: in the campaign's own timezone when it has one (the
 * wizard's GMT choice), otherwise in the browser's. Empty values show as "-".
 */
export function formatCampaignTime(iso: string | null | undefined, timezone?: string | null): string {
  if (!iso) return '-';
  const time = dayjs(iso);
  if (!time.isValid()) return '-';
  const offset = gmtOffsetMinutes(timezone);
  return (offset === null ? time : time.utcOffset(offset)).format('YYYY-MM-DD HH:mm');
}
