import { useMemo } from 'react';
import type { Dayjs } from 'dayjs';
import { useSession } from '../../session/useSession';
import { browserTimeZone } from '../linkAnalytics/browserTimeZone';
import { zoneToday } from './projectTimeZone';
import { useProjects } from './useProjects';

/**
 * The selected project's time zone (its analytics days, presets and CSV dates); the browser's
 * while the projects load.
 */
export function useProjectTimeZone(): string {
  const { projectId } = useSession();
  const { projects } = useProjects();
  return projects?.find((p) => p.id === projectId)?.timezone ?? browserTimeZone();
}

/** Today in the selected project's time zone (fixed for the page's life, like its ranges). */
export function useProjectToday(): Dayjs {
  const tz = useProjectTimeZone();
  return useMemo(() => zoneToday(tz), [tz]);
}
