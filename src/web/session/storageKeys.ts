/** Names of every value the console keeps in the browser. */
export const storageKeys = {
  token: 'token',
  expired: 'expired',
  userInfo: 'userInfo',
  lng: 'lng',
  projectId: 'projectId',
  themeColor: 'themeColor',
  // Lives in sessionStorage: the 401 toast throttle only matters within one tab's session.
  errorTime: 'errorTime',
} as const;

/** Project id used in routes while the user has no project yet. */
export const NO_PROJECT = 'noProject';

/** Default theme colour. */
export const DEFAULT_THEME_COLOR = 'rgb(115,103,240)';
