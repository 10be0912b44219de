import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { StoredLng } from '../session/clientStore';
import { languages } from './languages';

/**
 * Keeps dayjs (dates in tables, antd pickers) in the session's language. Called while rendering,
 * before any child formats a date; setting the same global locale again is a no-op.
 */
export function useDayjsLocale(lng: StoredLng): void {
  if (dayjs.locale() !== languages[lng].dayjs) dayjs.locale(languages[lng].dayjs);
}
