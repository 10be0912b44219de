import { createContext, useCallback, useContext, useEffect, useState } from 'react';
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

/**
 * The time now, ticking every `everyMs`: a button waiting on a time (picks closing, a contest
 * ending) turns on by itself.
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
