import useSWR from 'swr';
import type { AccessKeyInfo } from '../integration/integrationTypes';

/** The project's SDK access key (`GET /api/access-key`, shared with the access key page's cache). */
export function useAccessKey() {
  const { data, error, isLoading } = useSWR<AccessKeyInfo>('/api/access-key');
  return { accessKey: data?.accessKey, error: error as Error | undefined, isLoading };
}
