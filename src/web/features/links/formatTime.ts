import dayjs from 'dayjs';

/** A stored ISO time as local `YYYY-MM-DD HH:mm`, or "-" when there is none. */
export function formatTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '-';
}
