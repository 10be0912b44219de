import useSWR from 'swr';
import type { FallbackAddresses } from '../../../../engine/rules/linkDestinations';
import type { RedirectSettings } from '../linkTypes';

/** The project's redirect settings, for the editors' destination check (undefined while loading). */
export function useRedirectFallbacks(): FallbackAddresses | undefined {
  const { data } = useSWR<RedirectSettings>('/api/redirect-settings');
  return data;
}
