import { Type } from 'typebox';
import type { TurboStatus } from './turboTables';

type Config = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const statusOf = (value: unknown): TurboStatus => (value === 'online' ? 'online' : 'offline');
const Status = Type.Union([Type.Literal('online'), Type.Literal('offline')]);

/** The list columns of a banner answer (`TurboBannerRow`), besides id, config and times. */
export const BannerSummaryFields = {
  name: Type.String(),
  status: Status,
  position: Type.Union([Type.Literal('top'), Type.Literal('bottom')]),
  linkId: Type.String({ description: 'The 6-character id of the link the button opens' }),
  linkUrl: Type.Union([Type.String(), Type.Null()], {
    description: "The link's full URL; null when the link is gone",
  }),
  templateId: Type.String({ description: 'The link template (the app the banner promotes)' }),
  languages: Type.Array(Type.String(), { description: 'The first is the default' }),
};

/** The list columns of a script answer (`TurboScriptRow`), besides id, config and times. */
export const ScriptSummaryFields = {
  name: Type.String(),
  status: Status,
  templateId: Type.Union([Type.String(), Type.Null()], {
    description: 'Only links of this template are rewritten; null = every link',
  }),
};

/** The searchable name stored with a banner or script. */
export function turboName(config: Config): string {
  return text(config.name);
}

/** The columns stored beside a banner's config. */
export function bannerColumns(config: Config): { status: TurboStatus; link_id: string; template_id: string } {
  return {
    status: statusOf(config.status),
    link_id: text(config.linkId),
    template_id: text(config.linkTemplateId),
  };
}

/** The columns stored beside a script's config. */
export function scriptColumns(config: Config): { status: TurboStatus; template_id: string | null } {
  return { status: statusOf(config.status), template_id: text(config.linkTemplateId) || null };
}

/** A banner's row summary; `linkUrl` comes from the page's extra data (null when the link is gone). */
export function bannerSummary(
  row: { name: string; status?: unknown; link_id?: unknown; template_id?: unknown },
  config: Config,
  linkUrl: string | null,
) {
  return {
    name: row.name,
    status: statusOf(row.status),
    position: config.position === 'top' ? ('top' as const) : ('bottom' as const),
    linkId: text(row.link_id),
    linkUrl,
    templateId: text(row.template_id),
    languages: Array.isArray(config.languages)
      ? config.languages.filter((l): l is string => typeof l === 'string')
      : [],
  };
}

/** A script's row summary. */
export function scriptSummary(row: { name: string; status?: unknown; template_id?: unknown }) {
  return {
    name: row.name,
    status: statusOf(row.status),
    templateId: text(row.template_id) || null,
  };
}
