import { Type, type Static } from 'typebox';
import { textInLanguage } from '../lists/textInLanguage';
import { templateAppPlatforms } from '../../engine/rules/templateAppPlatforms';

type Config = Record<string, unknown>;

const Strings = Type.Record(Type.String(), Type.String());

/** What the web SDK reads to draw a banner (`GET /api/turbo/v1/banners/:id`). */
export const PublicBannerSchema = Type.Object({
  id: Type.String(),
  position: Type.Union([Type.Literal('top'), Type.Literal('bottom')]),
  languages: Type.Array(Type.String(), { description: 'The first is the default' }),
  texts: Type.Record(
    Type.String(),
    Type.Object({ title: Type.String(), description: Type.String(), button: Type.String() }),
    { description: 'Per language of `languages`' },
  ),
  rating: Type.Union([Type.Number(), Type.Null()], { description: '0..5 step 0.5; null = no stars' }),
  colors: Type.Object({
    background: Type.String(),
    text: Type.String(),
    button: Type.String(),
    buttonText: Type.String(),
  }),
  radius: Type.Integer({ description: 'px' }),
  dismissDays: Type.Integer({ description: 'Days a dismissal is remembered; 0 = until the next page view' }),
  platforms: Type.Array(Type.Union([Type.Literal('ios'), Type.Literal('android')]), {
    description: "Platforms the banner's link template offers an app on",
  }),
  url: Type.String({ description: "The link's URL" }),
  params: Type.Record(Type.String(), Type.String(), {
    description: 'Default attribution parameters + gc_src=banner, gc_tid=<id>',
  }),
});
export type PublicBanner = Static<typeof PublicBannerSchema>;

/** What the web SDK reads to rewrite a page's links (`GET /api/turbo/v1/scripts/:id`). */
export const PublicScriptSchema = Type.Object({
  id: Type.String(),
  hosts: Type.Array(Type.String(), { description: "The project's link hosts (host[:port])" }),
  linkIds: Type.Union([Type.Array(Type.String()), Type.Null()], {
    description: "Links of the script's template (<= 1000); null = every link of the hosts",
  }),
  overrides: Strings,
  accessLinkParams: Strings,
  urlMapping: Type.Array(
    Type.Object({
      deepLinkParam: Type.String(),
      accessLinkParam: Type.String(),
      defaultValue: Type.Optional(Type.String()),
      overrideValue: Type.Optional(Type.String()),
    }),
  ),
  referrerMapping: Type.Array(Type.Object({ referrer: Type.String(), channel: Type.String() })),
  params: Type.Record(Type.String(), Type.String(), { description: 'gc_src=script, gc_tid=<id>' }),
});
export type PublicScript = Static<typeof PublicScriptSchema>;

const isObject = (value: unknown): value is Config =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A `[{ key, value }]` list (common.json kvList) as an object; the first of a repeated key wins. */
export function keyValues(list: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const item of list)
    if (isObject(item) && typeof item.key === 'string' && item.key && !(item.key in out))
      out[item.key] = text(item.value);
  return out;
}

/** A banner's public config: its texts per language, look, link and attribution parameters. */
export function publicBanner(input: {
  id: string;
  config: Config;
  linkUrl: string;
  templateConfig: unknown;
}): PublicBanner {
  const { id, config } = input;
  const languages = Array.isArray(config.languages)
    ? config.languages.filter((l): l is string => typeof l === 'string')
    : [];
  const first = languages[0] ?? 'zh-CN';
  const texts: PublicBanner['texts'] = {};
  for (const lang of languages)
    texts[lang] = {
      title: textInLanguage(config.title, lang, first),
      description: textInLanguage(config.description, lang, first),
      button: textInLanguage(config.buttonText, lang, first),
    };
  const colors = isObject(config.colors) ? config.colors : {};
  return {
    id,
    position: config.position === 'top' ? 'top' : 'bottom',
    languages,
    texts,
    rating: typeof config.rating === 'number' ? config.rating : null,
    colors: {
      background: text(colors.background),
      text: text(colors.text),
      button: text(colors.button),
      buttonText: text(colors.buttonText),
    },
    radius: typeof config.radius === 'number' ? config.radius : 0,
    dismissDays: typeof config.dismissDays === 'number' ? config.dismissDays : 7,
    platforms: templateAppPlatforms(input.templateConfig),
    url: input.linkUrl,
    // The source marks last: a default parameter cannot hide where the click came from.
    params: { ...keyValues(config.attribution), gc_src: 'banner', gc_tid: id },
  };
}

/** A script's public config: where to rewrite links, and how. */
export function publicScript(input: {
  id: string;
  config: Config;
  hosts: string[];
  linkIds: string[] | null;
}): PublicScript {
  const { id, config } = input;
  const rows = (value: unknown) => (Array.isArray(value) ? value.filter(isObject) : []);
  return {
    id,
    hosts: input.hosts,
    linkIds: input.linkIds,
    overrides: keyValues(config.overrides),
    accessLinkParams: keyValues(config.accessLinkParams),
    urlMapping: rows(config.urlMapping).map((row) => ({
      deepLinkParam: text(row.deepLinkParam),
      accessLinkParam: text(row.accessLinkParam),
      ...(typeof row.defaultValue === 'string' ? { defaultValue: row.defaultValue } : {}),
      ...(typeof row.overrideValue === 'string' ? { overrideValue: row.overrideValue } : {}),
    })),
    referrerMapping: rows(config.referrerMapping).map((row) => ({
      referrer: text(row.referrer),
      channel: text(row.channel),
    })),
    params: { gc_src: 'script', gc_tid: id },
  };
}

/** Longest page stored with an event. */
export const MAX_PAGE = 200;

/**
 * The page an event names, as stored: origin and path (query and fragment dropped, so no
 * visitor's tokens are kept), at most 200 characters; undefined for anything but http(s).
 */
export function pageOf(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  return `${parsed.origin}${parsed.pathname}`.slice(0, MAX_PAGE);
}
