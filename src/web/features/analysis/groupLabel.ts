import type { TFunction } from 'i18next';
import { OTHER_KEY, UNKNOWN_KEY } from './analysisTypes';

/** The shown name of a group key: "others", "unknown" and platforms translated, the rest as sent. */
export function groupLabel(t: TFunction, key: string, dimension?: string): string {
  if (key === OTHER_KEY) return t('analysis:others');
  if (key === UNKNOWN_KEY) return t('analysis:unknown');
  if (dimension === 'platform') return t(`analysis:platform.${key}`, { defaultValue: key });
  return key;
}
