import type { EntityConfig } from '../linkTypes';

export type TemplatePlatform = 'android' | 'ios' | 'web';

const filled = (value: unknown): boolean =>
  Array.isArray(value)
    ? value.length > 0
    : value && typeof value === 'object'
      ? Object.values(value).some(filled)
      : typeof value === 'string'
        ? value.trim() !== ''
        : false;

/** Platforms a template config has something for (store, package, scheme, homepage...). */
export function templatePlatforms(config: EntityConfig): TemplatePlatform[] {
  const out: TemplatePlatform[] = [];
  if (filled(config.android)) out.push('android');
  if (filled(config.ios)) out.push('ios');
  if (filled(config.pcHomepage) || filled(config.h5Homepage) || filled(config.windowsStoreUrl))
    out.push('web');
  return out;
}
