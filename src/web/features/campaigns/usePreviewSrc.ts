import { useEffect, useState } from 'react';
import { useSession } from '../../session/useSession';
import { previewUrl } from './participantUrl';
import { useCanEdit } from '../../app/useCanEdit';

/**
 * The address of a campaign's participant page for a preview frame. Members who may edit get a
 * fresh preview token (`POST /api/campaigns/:id/preview-token`, edit permission), so drafts
 * render too; viewers see the public page (`publicLink`). Null while it loads.
 */
export function usePreviewSrc(campaignId: string | null | undefined, publicLink?: string): string | null {
  const { client } = useSession();
  const canEdit = useCanEdit();
  const [preview, setPreview] = useState<{ id: string; url: string } | null>(null);

  useEffect(() => {
    if (!campaignId || !canEdit) return;
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
  }, [campaignId, client, canEdit]);

  if (!campaignId) return null;
  if (!canEdit) return publicLink ?? null;
  return preview?.id === campaignId ? preview.url : null;
}
