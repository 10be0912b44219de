import useSWR from 'swr';
import { freshQuery } from '../campaigns/freshQuery';
import type { AdsSettings } from './adsTypes';

export const ADS_SETTINGS_API = '/api/ads/settings';

/**
 * The project's ads settings and whether the caller is an advanced ads user, fetched
 * afresh when a page mounts: another member may have switched the module meanwhile. `advanced` is
 * undefined until the answer comes: advanced-only actions stay disabled, without a reason, till then.
 */
export function useAdsSettings() {
  const { data, error, isLoading, mutate } = useSWR<AdsSettings>(ADS_SETTINGS_API, freshQuery);
  return {
    settings: data,
    error: error as Error | undefined,
    isLoading,
    advanced: data?.adsAdvanced,
    mutate,
  };
}
