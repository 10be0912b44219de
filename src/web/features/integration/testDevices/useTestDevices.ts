import useSWR from 'swr';
import type { ListPage, TestDevice } from '../integrationTypes';

// A project keeps a handful of test devices; one page of the largest size holds them all.
const KEY = '/api/test-devices?page=1&pageSize=100';

/** The project's test devices (shared by the list, the event logs and the integration page). */
export function useTestDevices() {
  const query = useSWR<ListPage<TestDevice>>(KEY);
  return { ...query, devices: query.data?.items ?? [] };
}
