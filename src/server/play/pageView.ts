import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { linkBaseUrl } from '../links/linkBaseUrl';
import { urlProblem } from '../../engine/validation/urlProblem';
import { localizeProps, pageBlocks, type PageBlock } from '../../engine/page/pageModel';
import { isBlockKind } from '../../engine/page/blockKinds';
import { list, obj, type Config } from './playCampaign';

/** What a tap on a hotzone or page button does, ready to follow. */
export interface TapView {
  action: 'url' | 'deeplink' | 'share' | 'play' | 'rules' | 'block';
  /** The address to open (url and deeplink); null when it is not a safe address or the link is gone. */
  href: string | null;
  /** The block to scroll to (`block`). */
  blockId: string | null;
}

export interface HotzoneView extends TapView {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Accessible name in the page language; null: the page names it by its position. */
  label: string | null;
}

/** A block of the page in the participant's language. */
export interface BlockView {
  id: string;
  type: string;
  props: Record<string, unknown>;
}

/** Deep link row id -> its public address, for the links a page's taps name. */
export type LinkHrefs = (linkRowId: string) => string | null;

const ACTIONS = new Set(['url', 'deeplink', 'share', 'play', 'rules', 'block']);

function tapOf(raw: Config, hrefOfLink: LinkHrefs): TapView {
  const action = (
    typeof raw.action === 'string' && ACTIONS.has(raw.action) ? raw.action : 'url'
  ) as TapView['action'];
  let href: string | null = null;
  // The engine's rule for jump addresses (app schemes and public http(s), never javascript:).
  if (action === 'url' && typeof raw.url === 'string' && !urlProblem(raw.url, 'appScheme')) href = raw.url;
  if (action === 'deeplink' && typeof raw.linkId === 'string') href = hrefOfLink(raw.linkId);
  return {
    action,
    href,
    blockId: action === 'block' && typeof raw.blockId === 'string' ? raw.blockId : null,
  };
}

/** Hotzones as the page follows them (geometry in percent of the image). */
export function hotzoneViews(
  raw: unknown,
  hrefOfLink: LinkHrefs,
  inLang: (v: unknown) => string,
): HotzoneView[] {
  return list(raw).map((zone) => ({
    x: Number(zone.x ?? 0),
    y: Number(zone.y ?? 0),
    width: Number(zone.width ?? 0),
    height: Number(zone.height ?? 0),
    label: inLang(zone.label) || null,
    ...tapOf(zone, hrefOfLink),
  }));
}

/**
 * The page's blocks for the participant: texts per language in the page language (any block
 * kind, any prop), taps resolved to addresses (hotzones and button items), unknown kinds left out.
 * Bound props (the rules, buttons, share, background fields) are in the page view beside these.
 */
export function blockViews(
  config: Config,
  hrefOfLink: LinkHrefs,
  inLang: (v: unknown) => string,
): BlockView[] {
  return pageBlocks(config)
    .filter((block) => isBlockKind(block.type))
    .map((block) => {
      const props = localizeProps(block.props, (text) => inLang(text)) as Config;
      if (Array.isArray(block.props.hotzones))
        props.hotzones = hotzoneViews(block.props.hotzones, hrefOfLink, inLang);
      if (Array.isArray(block.props.items))
        props.items = list(block.props.items).map((item, i) => {
          const { url: _url, linkId: _linkId, ...shown } = obj(list(props.items)[i]);
          return { ...shown, ...tapOf(item, hrefOfLink) };
        });
      return { id: block.id, type: block.type, props };
    });
}

/** Deep link row ids a page's taps name (background hotzones, block hotzones, button items). */
export function linkIdsOf(config: Config): string[] {
  const ids = new Set<string>();
  const add = (raw: unknown) => {
    for (const tap of list(raw))
      if (tap.action === 'deeplink' && typeof tap.linkId === 'string') ids.add(tap.linkId);
  };
  add(config.hotzones);
  for (const block of pageBlocks(config)) {
    add(block.props.hotzones);
    add(block.props.items);
  }
  return [...ids];
}

/** The public addresses of the project's deep links a page names (a deleted link has none). */
export async function linkHrefsOf(
  db: Kysely<Database>,
  projectId: string,
  config: Config,
  address: { publicUrl: string; linkHost: string },
): Promise<LinkHrefs> {
  const ids = linkIdsOf(config);
  if (ids.length === 0) return () => null;
  const rows = await db
    .selectFrom('links')
    .innerJoin('projects', 'projects.id', 'links.project_id')
    .select(['links.id', 'links.link_id', 'projects.domain_prefix'])
    .where('links.project_id', '=', projectId)
    .where('links.id', 'in', ids)
    .execute();
  const hrefs = new Map(
    rows.map((row) => [
      row.id,
      `${linkBaseUrl(address.publicUrl, address.linkHost, row.domain_prefix)}/${row.link_id}`,
    ]),
  );
  return (id) => hrefs.get(id) ?? null;
}

export type { PageBlock };
