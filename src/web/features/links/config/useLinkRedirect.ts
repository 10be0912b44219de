import { useState } from 'react';
import useSWR from 'swr';
import { linkHasDestination } from '../../../../engine/rules/linkDestinations';
import type { EntityConfig, LinkTemplate, RedirectMode } from '../linkTypes';
import { useRedirectFallbacks } from '../noDestination/useRedirectFallbacks';

/**
 * The link editor's redirect section as edited (`onRedirectChange` after each edit of it): its
 * mode, the link's template, and whether the link sends a visitor nowhere: its redirects (custom
 * mode) or its template's, with the project's fallbacks. Unknown until the fallbacks, and in
 * template mode the template, have loaded.
 */
export function useLinkRedirect(initial: EntityConfig, templateId: string | undefined) {
  const [redirectMode, setRedirectMode] = useState<RedirectMode>(
    initial.redirectMode === 'custom' ? 'custom' : 'template',
  );
  // The redirect section as edited so far (mode and custom addresses), for the destination warning.
  const [redirectDraft, setRedirectDraft] = useState<EntityConfig>(initial);
  const template = useSWR<LinkTemplate>(
    templateId ? `/api/link-templates/${encodeURIComponent(templateId)}` : null,
  );
  const fallbacks = useRedirectFallbacks();
  const noDestination =
    fallbacks !== undefined &&
    (redirectMode === 'custom' || template.data !== undefined) &&
    !linkHasDestination(
      { redirectMode, redirects: redirectDraft.redirects },
      template.data?.config,
      fallbacks,
    );

  const onRedirectChange = (data: EntityConfig) => {
    setRedirectMode(data.redirectMode === 'custom' ? 'custom' : 'template');
    setRedirectDraft(data);
  };
  return { redirectMode, template, noDestination, onRedirectChange };
}
