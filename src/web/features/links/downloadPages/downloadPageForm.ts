import type { DownloadPageConfig, DownloadPlatform } from '../linkTypes';

/** The platforms a page can have a button for, in page order. */
export const platforms: DownloadPlatform[] = ['ios', 'android', 'pc'];
// Limits of DownloadPageConfig (docs/deep-links.md); addresses follow the redirect rule (https:// or www.).
export const NAME_MAX = 30;
export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 300;
export const LABEL_MAX = 20;
export const ADDRESS_MAX = 320;
export const REDIRECT_PATTERN = /^(https:\/\/|www\.)\S+$/;
// http(s) or the console's own uploads, never protocol-relative (`//other.host`).
export const IMAGE_PATTERN = /^(https?:\/\/\S+|\/uploads\/\S+)$/;

interface ButtonRow {
  label?: string;
  url?: string;
}

/** The download page editor's form: the config with its buttons as platforms ticked and a row each. */
export interface FormValues extends Omit<DownloadPageConfig, 'buttons'> {
  /** Platforms that get a button, in page order. */
  platforms: DownloadPlatform[];
  buttons: Partial<Record<DownloadPlatform, ButtonRow>>;
}

/** A saved config as the form holds it; a new page starts with every platform ticked. */
export function toForm(config?: DownloadPageConfig): Partial<FormValues> {
  if (!config) return { platforms, buttons: {} };
  return {
    ...config,
    platforms: config.buttons.map((button) => button.platform),
    buttons: Object.fromEntries(config.buttons.map(({ platform, ...button }) => [platform, button])),
  };
}

/**
 * The config the form's values save: texts trimmed, blank optional texts left out, and one button
 * per platform ticked, in page order.
 */
export function toConfig(values: FormValues): DownloadPageConfig {
  const optional = (value?: string) => value?.trim() || undefined;
  return {
    name: values.name.trim(),
    title: values.title.trim(),
    description: optional(values.description),
    logoUrl: optional(values.logoUrl),
    backgroundUrl: optional(values.backgroundUrl),
    themeColor: optional(values.themeColor),
    templateId: values.templateId || undefined,
    buttons: platforms
      .filter((platform) => values.platforms.includes(platform))
      .map((platform) => ({
        platform,
        label: optional(values.buttons?.[platform]?.label),
        url: optional(values.buttons?.[platform]?.url),
      })),
  };
}
