import useSWR from 'swr';
import { linkHasDestination } from '../../../../engine/rules/linkDestinations';
import type { EntityConfig, LinkTemplate, RedirectMode } from '../linkTypes';
import { useRedirectFallbacks } from '../noDestination/useRedirectFallbacks';

/**
 * The link's template and whether the link as edited sends a visitor nowhere: its redirects (custom
 * mode) or its template's, with the project's fallbacks. Unknown until the fallbacks, and in
 * template mode the template, have loaded.
 */
export function useLinkDestination(
  templateId: string | undefined,
  redirectMode: RedirectMode,
  redirectDraft: EntityConfig,
) {
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
  return { template, noDestination };
}
