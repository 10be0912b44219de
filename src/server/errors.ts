import { interpolate } from '../engine/validation/localizeErrors';
import type { Lang } from '../engine/validation/lang';
import zhCN from '../../locales/zh-CN/errors.json';
import enUS from '../../locales/en-US/errors.json';

/** A field-addressed problem in an error answer: `path` is a JSON pointer into the request body. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * Every error the API answers with: stable key -> HTTP status. The message key is the stable key
 * itself, translated in `locales/{zh-CN,en-US}/errors.json`. The web shows messages by key.
 */
export const ERRORS = {
  validation: 400,
  invalidJson: 400,
  unsupportedMediaType: 415,
  bodyTooLarge: 413,
  badRequest: 400, // a request Node or the router could not read (bad URL encoding, bad headers)
  uriTooLong: 414,
  headersTooLarge: 431,
  requestTimeout: 408,
  notFound: 404,
  unauthorized: 401,
  forbidden: 403,
  projectForbidden: 403,
  projectRequired: 400,
  tokenRefreshForbidden: 403,
  invalidCredentials: 400, // 400, not 401: a wrong password is not an expired login
  refreshCredentialsInvalid: 400, // the same for token refresh, in that dialog's own words
  accountLocked: 429,
  emailTaken: 409,
  domainPrefixTaken: 409,
  wrongPassword: 400,
  resetTokenInvalid: 400,
  memberNotFound: 404,
  ownerProtected: 403,
  adminsByOwnerOnly: 403,
  cannotDeleteSelf: 400,
  linkIdTaken: 409,
  tagTaken: 409,
  eventKeyTaken: 409,
  templateInUse: 409,
  templateNotFound: 400,
  rangeTooLong: 400,
  accessKeyInvalid: 401, // SDK calls only: a wrong X-Access-Key, not an expired login
  ipNotWhitelisted: 403, // SDK calls from an address outside the project's IP whitelist
  testDeviceTaken: 409,
  'sdk.eventInvalid': 400, // per-event reasons of an SDK batch (the batch itself answers 200)
  'sdk.unknownEvent': 400,
  'sdk.eventTooOld': 400,
  'sdk.eventInFuture': 400,
  'sdk.eventIdTaken': 400, // a server event whose id an app event already holds with other content
  serverSignatureInvalid: 401, // server-to-server calls: no valid API-secret signature
  'campaign.illegalTransition': 409,
  'campaign.onlineAfterEnd': 409,
  'campaign.whitelistRequired': 409,
  'campaign.ended': 409,
  'campaign.locked': 409,
  'campaign.endPassed': 409,
  'campaign.parentInvalid': 400,
  'campaign.linkInvalid': 400,
  'campaign.chanceParentInvalid': 400,
  'contest.tooEarly': 409,
  'collect.badFragment': 400,
  'collect.badPrize': 400,
  'collect.notEnough': 409,
  'collect.outOfStock': 409,
  'collect.noFragment': 409,
  'collect.transferGone': 409,
  'collect.ownTransfer': 409,
  'pool.badCoins': 400,
  'pool.noRound': 409,
  'pool.notEnoughCoins': 409,
  'pool.noShare': 404,
  'pool.claimed': 409,
  'pool.claimExpired': 409,
  'checkIn.alreadyCheckedIn': 409,
  'checkIn.cycleComplete': 409,
  'checkIn.makeUpNotAllowed': 409,
  'checkIn.makeUpDayInvalid': 400,
  'checkIn.makeUpLimit': 409,
  'checkIn.makeUpSharesNeeded': 409,
  'playTask.unknown': 400,
  'playTask.notOpen': 409,
  'raise.noPet': 404,
  'raise.ownPet': 409,
  'raise.helpedToday': 409,
  'raise.needsInvites': 409,
  'raise.notFailed': 409,
  'raise.notRevivable': 409,
  'campaign.goalNotOffered': 400,
  'userType.identifierTaken': 409,
  'task.keyTaken': 409,
  'task.exclusiveSelf': 400,
  'task.exclusiveUnknown': 400,
  'task.userTypeUnknown': 400,
  'turbo.templateUnknown': 400,
  'turbo.linkUnknown': 400,
  'turbo.linkNotOfTemplate': 400,
  adsAdvancedRequired: 403,
  'ads.noAd': 404,
  'ads.postbackRefused': 403,
  'ads.unknownTransaction': 404,
  'ads.importInvalid': 400,
  'ads.planUnknown': 400,
  'ads.notUnderReview': 409,
  'ads.notPending': 409,
  'ads.balanceTooLow': 400,
  'ads.belowMinimum': 400,
  'ads.offerwallClosed': 404,
  'ads.offerUnknown': 404,
  'ads.moduleOff': 409,
  'ads.signInInvalid': 401,
  'risk.valuesInvalid': 400,
  'callback.notPublic': 400,
  'callback.unresolvable': 400,
  'upload.tooLarge': 413,
  'upload.badType': 415,
  'upload.noFile': 400,
  'play.unauthorized': 401,
  'play.notStarted': 409,
  'play.ended': 409,
  'play.offline': 409,
  'play.whitelistOnly': 403,
  'play.loginRequired': 403,
  'play.userType': 403,
  'play.noChances': 409,
  'play.parentOnly': 403,
  'play.overBudget': 409,
  'play.blocked': 403, // the project's blocklist names the user id, device or address
  'play.tooFast': 429, // the campaign's actions-per-minute limit
  'play.rewardLimit': 403, // the campaign's rewards-per-day limit of a device, address, range or user id
  'play.tooManyDevices': 403, // a user id past the campaign's devices-per-user rule
  'play.tooManyAccounts': 403, // a device past the campaign's user-ids-per-device rule
  'play.notPlayable': 409,
  'play.preview': 409,
  'play.unknownAction': 400,
  'play.idempotencyKeyReused': 422,
  'play.idempotencyKeyInFlight': 409,
  'play.tokenCallbackFailed': 502,
  'play.tokenCallbackMissing': 400,
  'play.rewardNotFound': 404,
  'reward.illegalStatus': 409,
  'reward.notPending': 409, // only a reward waiting for delivery can be put on hold
  'reward.notHeld': 409,
  'reward.onHold': 409, // a held reward cannot be marked awarded before it is released
  'play.formNotPending': 409,
  'play.attemptNotFound': 404,
  'play.attemptAnswered': 409,
  'play.badAnswers': 400,
  'play.badPick': 400,
  'play.pickTaken': 409,
  'play.picksClosed': 409,
  'predict.settled': 409,
  'predict.badOption': 400,
  'predict.resultsMissing': 409,
  'predict.tooEarly': 409,
  serviceUnavailable: 503,
  internal: 500,
} as const satisfies Record<string, number>;

export type ErrorKey = keyof typeof ERRORS;

const CATALOGUES: Record<Lang, Record<ErrorKey, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

/** The localized message of an error key. */
export function errorMessage(key: ErrorKey, lang: Lang, params: Record<string, unknown> = {}): string {
  return interpolate(CATALOGUES[lang][key] ?? CATALOGUES[lang].internal, params);
}

export interface AppErrorOptions {
  /** Placeholder values for the message (`{{minutes}}`). */
  params?: Record<string, unknown>;
  /** Field errors; messages are produced per language when the answer is written. */
  errors?: (lang: Lang) => FieldError[];
  /** Extra machine-readable data merged into `data` (e.g. `retryAfterMinutes`). */
  data?: Record<string, unknown>;
  /** Extra response headers (e.g. `Retry-After`). */
  headers?: Record<string, string>;
}

/** A coded error; the error handler turns it into the `{ code, msg, data }` envelope. */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly status: number;
  readonly options: AppErrorOptions;

  constructor(key: ErrorKey, options: AppErrorOptions = {}) {
    super(key);
    this.name = 'AppError';
    this.key = key;
    this.status = ERRORS[key];
    this.options = options;
  }
}

/** A 400 validation error for problems only the server can see (uniqueness, cross-row rules). */
export function fieldError(errors: (lang: Lang) => FieldError[]): AppError {
  return new AppError('validation', { errors });
}
