import { urlProblem } from '../validation/urlProblem';
import { isBlockKind } from './blockKinds';
import { localizeProps, pageBlocks } from './pageModel';
import { safeColor, safeUrl, textInLanguage } from './pageText';

type Config = Record<string, unknown>;
const obj = (value: unknown): Config =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Config) : {};
const list = (value: unknown): Config[] => (Array.isArray(value) ? value.map(obj) : []);

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
 * kind, any prop), taps resolved to addresses (hotzones and button items), unknown kinds left
 * out. Bound props (the rules, buttons, share, background fields) are in the page view beside.
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

/**
 * `campaign.page` of the participant API, in one language: the page title, the bound fields
 * (background, rules, the game button, share, preheat, background hotzones), the blocks and the
 * draw countdown. The server answers it; the console's page editor draws its canvas from it.
 */
export function pageViewOf(
  config: Config,
  options: {
    /** The campaign title, when the page has no title of its own. */
    title: string;
    /** The activity start (UTC ISO), which ends the preheat. */
    startTime: string;
    now: Date;
    lang: string;
    defaultLanguage: string;
    hrefOfLink?: LinkHrefs;
  },
) {
  const { now } = options;
  const inLang = (value: unknown) => textInLanguage(value, options.lang, options.defaultLanguage);
  const hrefOfLink = options.hrefOfLink ?? (() => null);
  const rules = obj(config.rules);
  const buttons = obj(config.buttons);
  const share = obj(config.share);
  const preheat = obj(config.preheat);
  const preheatStart = typeof preheat.startTime === 'string' ? preheat.startTime : null;
  return {
    pageTitle: inLang(config.pageTitle) || options.title,
    backgroundImage: safeUrl(config.backgroundImage) ?? null,
    rules: rules.text
      ? {
          text: inLang(rules.text),
          textColor: safeColor(rules.textColor) ?? null,
          backgroundColor: safeColor(rules.backgroundColor) ?? null,
        }
      : null,
    buttons: {
      text: inLang(buttons.text) || null,
      color: safeColor(buttons.color) ?? null,
      textColor: safeColor(buttons.textColor) ?? null,
    },
    share: config.share
      ? {
          region: typeof share.region === 'string' ? share.region : null,
          channels: Array.isArray(share.channels) ? share.channels.filter((c) => typeof c === 'string') : [],
          title: inLang(share.title) || null,
          description: inLang(share.description) || null,
          thumbnail: safeUrl(share.thumbnail) ?? null,
        }
      : null,
    preheat:
      preheat.enabled === true && preheatStart
        ? {
            image: safeUrl(preheat.image) ?? null,
            startTime: preheatStart,
            active:
              now.getTime() >= Date.parse(preheatStart) && now.getTime() < Date.parse(options.startTime),
          }
        : null,
    hotzones: hotzoneViews(config.hotzones, hrefOfLink, inLang),
    blocks: blockViews(config, hrefOfLink, inLang),
    drawCountdown: typeof config.drawCountdown === 'number' ? config.drawCountdown : -1,
  };
}

// Renderer settings the page may draw with: the config's own fields of the game area.
const GAME_FIELDS = ['wheel', 'boxCount', 'shuffle', 'cardCount', 'cardBack', 'boxImage'] as const;

/** The renderer's settings of a config (colours and images made safe). */
export function gameOf(config: Config): Config {
  const game: Config = {};
  for (const field of GAME_FIELDS) if (config[field] !== undefined) game[field] = config[field];
  const wheel = obj(config.wheel);
  if (config.wheel !== undefined) {
    game.wheel = {
      sectorColors: Array.isArray(wheel.sectorColors)
        ? wheel.sectorColors.map(safeColor).filter(Boolean)
        : [],
      pointerColor: safeColor(wheel.pointerColor) ?? null,
      pointerImage: safeUrl(wheel.pointerImage) ?? null,
    };
  }
  if (config.boxImage !== undefined) game.boxImage = safeUrl(config.boxImage) ?? null;
  const back = obj(config.cardBack);
  if (config.cardBack !== undefined) {
    game.cardBack = { color: safeColor(back.color) ?? null, image: safeUrl(back.image) ?? null };
  }
  return game;
}

/** The prizes as the page lists them, in one language. */
export function prizeViews(prizes: readonly Config[], inLang: (v: unknown) => string) {
  return prizes.map((prize) => ({
    id: String(prize.id),
    name: inLang(prize.name),
    image: safeUrl(prize.image) ?? null,
    isThank: prize.isThank === true,
    description: inLang(prize.description) || null,
  }));
}
