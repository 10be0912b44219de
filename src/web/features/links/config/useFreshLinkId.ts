import { useEffect, useState } from 'react';
import { useSession } from '../../../session/useSession';

/**
 * A free link id from `GET /api/links/new-id`, asked on every visit (not through the hour-long
 * query cache: the suggestion must be free now). `done` once answered or failed; without an id
 * the server picks one on save.
 */
export function useFreshLinkId(wanted: boolean): { linkId?: string; done: boolean } {
  const { client } = useSession();
  const [state, setState] = useState<{ linkId?: string; done: boolean }>({ done: !wanted });
  useEffect(() => {
    if (!wanted) return;
    let stale = false;
    client.get<{ linkId: string }>('/api/links/new-id', undefined, { silent: true }).then(
      ({ linkId }) => !stale && setState({ linkId, done: true }),
      () => !stale && setState({ done: true }),
    );
    return () => {
      stale = true;
    };
  }, [wanted, client]);
  return state;
}
