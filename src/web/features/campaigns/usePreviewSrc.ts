import { useEffect, useState } from 'react';
import { useSession } from '../../session/useSession';
import { previewUrl } from './participantUrl';

/**
 * The signed-in preview address of a campaign's participant page: a fresh token from
 * `POST /api/campaigns/:id/preview-token`, so drafts render too. Null while it loads or when
 * no campaign is given.
 */
export function usePreviewSrc(campaignId: string | null | undefined): string | null {
  const { client } = useSession();
  const [preview, setPreview] = useState<{ id: string; url: string } | null>(null);

  useEffect(() => {
    if (!campaignId) return;
    let live = true;
    client
      .post<{ token: string; url?: string }>(`/api/campaigns/${encodeURIComponent(campaignId)}/preview-token`)
      .then((answer) => {
        if (live) setPreview({ id: campaignId, url: answer.url ?? previewUrl(campaignId, answer.token) });
      })
      .catch(() => {
        // The request client has shown the failure.
      });
    return () => {
      live = false;
    };
  }, [campaignId, client]);

  return campaignId && preview?.id === campaignId ? preview.url : null;
}
