import type { TemplateSettings } from '../links/templateSettings';

/** Project-wide store addresses (redirect settings), already checked to be http(s). */
export interface RedirectFallbacks {
  default?: string;
  android?: string;
  ios?: string;
  windows?: string;
}

/** Everything the redirector needs about one link, as kept in the in-process cache. */
export interface ResolvedLink {
  projectId: string;
  /** Internal link row id (clicks reference it). */
  id: string;
  linkId: string;
  name: string;
  url: string;
  redirectMode: 'template' | 'custom';
  redirects: { default?: string; ios?: string; android?: string; web?: string };
  address?: string;
  share: { title?: string; description?: string; thumbnail?: string };
  /** The link's own utm source, the channel when the click names none. */
  utmSource?: string;
  template: TemplateSettings;
  fallbacks: RedirectFallbacks;
}
