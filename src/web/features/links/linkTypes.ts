// Answer shapes of the deep-link API (docs/deep-links.md). Entity-backed rows
// carry the saved config as `config` (schemas/entities/{link,link-template,event}); forms edit
// `config` and send it back as the body.

/** A list answer: one page of items and the total count. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** A saved entity config; its fields are the schema's, read by the schema form. */
export type EntityConfig = Record<string, unknown>;

export interface LinkTemplate {
  id: string;
  name: string;
  config: EntityConfig;
  linkCount: number;
  /** Links following it send some visitor somewhere (its own targets or the redirect settings). */
  hasDestination: boolean;
  createdAt: string;
  updatedAt: string;
}

export type RedirectMode = 'template' | 'custom';

export interface LinkItem {
  id: string;
  /** The 6-character id in the link's address. */
  linkId: string;
  name: string;
  /** `{scheme}://{prefix}.{LINK_HOST}{:port}/{linkId}`. */
  url: string;
  templateId: string;
  templateName: string;
  redirectMode: RedirectMode;
  tags: string[];
  config: EntityConfig;
  clicks: number;
  /** Some visitor is sent somewhere; false: every visit gets the "no destination yet" page. */
  hasDestination: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface TagItem {
  id: string;
  name: string;
  linkCount: number;
  createdAt: string;
}

export interface EventItem {
  id: string;
  key: string;
  name: string;
  config: EntityConfig;
  createdAt: string;
  updatedAt: string;
}

/** Project-wide fallback addresses; `""` is unset (default, Android, iOS, Windows store). */
export interface RedirectSettings {
  default: string;
  android: string;
  ios: string;
  windows: string;
}

export type DownloadPlatform = 'ios' | 'android' | 'pc';

export interface DownloadPageConfig {
  name: string;
  title: string;
  description?: string;
  logoUrl?: string;
  backgroundUrl?: string;
  themeColor?: string;
  templateId?: string;
  buttons: Array<{ platform: DownloadPlatform; label?: string; url?: string }>;
}

export interface DownloadPage {
  id: string;
  name: string;
  /** The public page, `{PUBLIC_URL}/d/:id`. */
  url: string;
  config: DownloadPageConfig;
  createdAt: string;
  updatedAt: string;
}
