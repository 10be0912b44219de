// What the console's public Turbo endpoints answer.

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

export interface BannerColors {
  background: string;
  text: string;
  button: string;
  buttonText: string;
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
