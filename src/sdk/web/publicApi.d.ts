// Growth Console web SDK: the types of gc.mjs, served beside it as /sdk/v1/gc.d.ts and shipped in
// the npm tarball. publicApi.test.ts proves it declares exactly what src/sdk/web/index.ts exports.

export interface InitOptions {
  /** The project's access key (Access key page). */
  accessKey: string;
  /** The console's origin; default: the origin the script was loaded from, else the page's. */
  baseUrl?: string;
  /** Records a `page_view` on init (default true). */
  autoPageView?: boolean;
  /** Milliseconds between sends of queued events (default 3000). */
  flushInterval?: number;
  /** Events per request; a full batch is sent at once (default 50, at most 500). */
  maxBatch?: number;
  /** Logs what the SDK does to the console. */
  debug?: boolean;
  /** A Turbo Script id: rewrites the page's links. */
  script?: string;
  /** A Turbo Banner id (gc-banner.js and gc.mjs). */
  banner?: string;
}

/** Event data: at most 50 keys, 4096 characters as JSON. */
export type EventData = Record<string, unknown>;

/** The web deferred deep link: the link click this device's visit was matched to. */
export interface Attribution {
  /** `install` on the device's first report, `open` on later sessions. */
  type: 'install' | 'open';
  matched: boolean;
  linkId: string | null;
  clickId: string | null;
  deferredData: Record<string, string>;
  params: Record<string, string>;
}

export interface BannerColors {
  background: string;
  text: string;
  button: string;
  buttonText: string;
}

/** What the banner shows, in one language. */
export interface BannerView {
  position: 'top' | 'bottom';
  title: string;
  description: string;
  button: string;
  /** 0..5 in steps of 0.5 (half stars); null = no stars. */
  rating: number | null;
  colors: BannerColors;
  /** Corner radius in px: the banner's inner corners and the button (at most half its height). */
  radius: number;
  /** The button's link; without it the button only calls `on.click`. */
  url?: string;
  /** The close button's accessible label (default "Close"). */
  closeLabel?: string;
}

export interface BannerHandlers {
  click?(): void;
  dismiss?(): void;
}

/** GET /api/turbo/v1/banners/:id */
export interface PublicBanner {
  id: string;
  position: 'top' | 'bottom';
  /** The first is the default. */
  languages: string[];
  texts: Record<string, { title: string; description: string; button: string }>;
  /** 0..5 in steps of 0.5; null = no stars. */
  rating: number | null;
  colors: BannerColors;
  radius: number;
  dismissDays: number;
  platforms: Array<'ios' | 'android'>;
  /** The link's URL. */
  url: string;
  /** Default attribution parameters + gc_src=banner, gc_tid=<id>. */
  params: Record<string, string>;
}

export interface UrlMappingRow {
  deepLinkParam: string;
  accessLinkParam: string;
  defaultValue?: string;
  overrideValue?: string;
}

/** GET /api/turbo/v1/scripts/:id */
export interface PublicScript {
  id: string;
  /** Link hosts with their port, as in link URLs. */
  hosts: string[];
  /** When the script names a link template: its links' ids; null = every link of the hosts. */
  linkIds: string[] | null;
  overrides: Record<string, string>;
  accessLinkParams: Record<string, string>;
  urlMapping: UrlMappingRow[];
  referrerMapping: Array<{ referrer: string; channel: string }>;
  /** gc_src=script, gc_tid=<id>. */
  params: Record<string, string>;
}

export declare const SDK_VERSION: '1.0.0';
/** The banner's height in CSS pixels, without the safe-area inset on notched phones. */
export declare const BANNER_HEIGHT: number;

/** Starts the SDK once per page (later calls are ignored): events, then the script's links and the banner. */
export declare function init(options: InitOptions): void;
/**
 * Records an event (sent in batches). Standard names (install, open, register, login, launch,
 * page_view, purchase, share) are `standard`, any other name is `custom` and must be an event
 * key of the project. Robots' events are not recorded.
 */
export declare function track(name: string, data?: EventData): void;
/** The signed-in user of later events (kept across page views); null when they sign out. */
export declare function setUserId(id: string | null): void;
/** Sends the queued events now; resolves once they are acknowledged or a retry is scheduled. */
export declare function flush(): Promise<void>;
/**
 * Reports this visit once per session to /api/sdk/v1/attribution (`install` the first time the
 * device asks, `open` afterwards) and answers the matched link's data; kept for the session.
 */
export declare function getAttribution(): Promise<Attribution>;
/** Turbo Script: rewrites the page's matching links, now and as they are added. */
export declare function rewriteLinks(scriptId: string): Promise<void>;
/** Turbo Banner: shows the banner when it should (phones of its platforms, not dismissed). */
export declare function showBanner(bannerId: string): Promise<void>;
/** Draws a banner into a shadow root (the caller positions its host). */
export declare function renderBanner(root: ShadowRoot, view: BannerView, on?: BannerHandlers): void;
