// A stored link config (entity/link) read back with the types the server relies on.

export interface LinkConfig {
  name: string;
  linkId?: string;
  templateId: string;
  address?: string;
  tags: string[];
  redirectMode: 'template' | 'custom';
  redirects: { default?: string; ios?: string; android?: string; web?: string };
  deferredData: { key: string; value: string }[];
  share: { title?: string; description?: string; thumbnail?: string };
  attribution: Record<string, string | undefined>;
  [other: string]: unknown;
}

type Json = Record<string, unknown>;

function object(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function strings(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(object(value))) if (typeof v === 'string' && v !== '') out[key] = v;
  return out;
}

/** Parses (when text) and normalises a link config. */
export function readLinkConfig(stored: string | unknown): LinkConfig {
  const c = object(typeof stored === 'string' ? JSON.parse(stored) : stored);
  const deferred = Array.isArray(c.deferredData)
    ? c.deferredData.filter(
        (item): item is { key: string; value: string } =>
          !!item && typeof item.key === 'string' && typeof item.value === 'string',
      )
    : [];
  return {
    ...c,
    name: typeof c.name === 'string' ? c.name : '',
    linkId: typeof c.linkId === 'string' ? c.linkId : undefined,
    templateId: typeof c.templateId === 'string' ? c.templateId : '',
    address: typeof c.address === 'string' && c.address !== '' ? c.address : undefined,
    tags: Array.isArray(c.tags) ? c.tags.filter((t): t is string => typeof t === 'string') : [],
    redirectMode: c.redirectMode === 'custom' ? 'custom' : 'template',
    redirects: strings(c.redirects),
    deferredData: deferred,
    share: strings(c.share),
    attribution: strings(c.attribution),
  };
}
