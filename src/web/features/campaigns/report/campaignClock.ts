import { createContext, useCallback, useContext } from 'react';
import { formatCampaignTime } from '../formatCampaignTime';

/** The time zone of the campaign a report shows (`GMT+08:00`); null outside a campaign's report. */
export const CampaignZoneContext = createContext<string | null>(null);

/**
 * A report's times on the campaign's own clock, the one its players read on their phones (the
 * browser's outside a campaign's report): `YYYY-MM-DD HH:mm`, "-" for none.
 */
export function useCampaignTime(): (iso: string | null | undefined) => string {
  const zone = useContext(CampaignZoneContext);
  return useCallback((iso: string | null | undefined) => formatCampaignTime(iso, zone), [zone]);
}
