import type { IntegrationStatus } from '../integrationTypes';

/** The integration steps, in order. `test` is optional: a project may go live without it. */
export const STEP_KEYS = ['configure', 'receive', 'test', 'live'] as const;
export type StepKey = (typeof STEP_KEYS)[number];

/** antd Steps' item states. */
export type StepState = 'wait' | 'process' | 'finish' | 'error';

export interface IntegrationStep {
  key: StepKey;
  state: StepState;
  /**
   * What to say under the step: an `integration:sdk.stepNote.*` key and its values (`missing`,
   * `error` and `date` are filled for partial, failed and noData; `error` holds only the text of
   * calls logged before problems were coded: the card says a coded problem with `callProblemText`).
   */
  note: { key: string; values?: Record<string, string | number> };
  /** partial: the events each reporting platform still lacks (platform ids, for translation). */
  missing?: Array<{ platform: string; event: string }>;
}

export interface IntegrationSteps {
  /** Index of the step to highlight; `STEP_KEYS.length` when every step is finished. */
  current: number;
  steps: IntegrationStep[];
}

/** Whether anything (an SDK event or an attribution report) has ever been received. */
export function hasReceived(data: IntegrationStatus): boolean {
  return (
    data.platforms.some((platform) => platform.events > 0) ||
    data.events.some((event) => event.seen) ||
    data.customEvents > 0 ||
    data.launchRecords.length > 0
  );
}

/** The latest day anything was received (`YYYY-MM-DD`), from the integration events. */
export function lastReceivedDay(data: IntegrationStatus): string | null {
  return data.events.reduce<string | null>(
    (latest, event) => (event.lastDate && (!latest || event.lastDate > latest) ? event.lastDate : latest),
    null,
  );
}

/** What arrived most recently, as far as the status tells: a launch record, else a seen event. */
export interface ReceivedEvent {
  name: string;
  platform: string | null;
  /** An exact time (launch records) or null. */
  time: string | null;
  /** The local day, when only the day is known. */
  date: string | null;
}

export function latestReceived(data: IntegrationStatus): ReceivedEvent | null {
  const launch = data.launchRecords[0];
  if (launch) return { name: launch.name, platform: launch.platform, time: launch.time, date: null };
  const seen = data.events
    .filter((event) => event.seen)
    .sort((a, b) => (b.lastDate ?? '').localeCompare(a.lastDate ?? ''))[0];
  if (seen) return { name: seen.name, platform: seen.platforms[0] ?? null, time: null, date: seen.lastDate };
  const platform = data.platforms.find((row) => row.events > 0);
  if (platform || data.customEvents > 0)
    return { name: 'custom', platform: platform?.platform ?? null, time: null, date: null };
  return null;
}

/** The `missing:<platform>:<event>` reasons as pairs. */
export function missingList(data: IntegrationStatus): Array<{ platform: string; event: string }> {
  return data.reasons
    .filter((reason) => reason.startsWith('missing:'))
    .map((reason) => {
      const [, platform, event] = reason.split(':');
      return { platform, event };
    });
}

/**
 * The steps of the SDK status card, derived from `status` so they never contradict it:
 * - `complete`: every step finished (an unused test device is said to be optional, not highlighted);
 * - `notIntegrated`: the first unmet step is highlighted (configure, else receive);
 * - `partial`: the last step is current and says what is missing;
 * - `inProgress`: test finished (only test devices reported), the last step is current;
 * - `failed`: the step where it failed (receive when nothing ever arrived, else live) is in error;
 * - `noData`: the last step is current and says nothing arrived for 7 days.
 * App configuration (a link template naming the app) is needed for deep links, not for events:
 * once events arrive it counts as done.
 */
export function integrationSteps(data: IntegrationStatus): IntegrationSteps {
  const configured =
    data.appConfig.android.configured || data.appConfig.ios.configured || data.appConfig.web.configured;
  const received = hasReceived(data);
  const tested = data.testDevices.some((device) => device.lastSeenAt) || data.status === 'inProgress';
  const lastRequest = data.lastRequest;
  const failure = {
    path: lastRequest?.path ?? '',
    status: lastRequest?.status ?? 0,
    error: lastRequest?.error ?? '',
  };
  // `failed` says why (the card puts the problem in the console's language in `error`).
  const failedNote = {
    key: lastRequest?.problem || lastRequest?.error ? 'failed' : 'failedStatus',
    values: failure,
  };

  const configure: IntegrationStep = configured
    ? { key: 'configure', state: 'finish', note: { key: 'configured' } }
    : received
      ? { key: 'configure', state: 'finish', note: { key: 'configureSkipped' } }
      : { key: 'configure', state: 'wait', note: { key: 'configureTodo' } };
  const receiveDone: IntegrationStep = { key: 'receive', state: 'finish', note: { key: 'received' } };
  const testDone: IntegrationStep = tested
    ? { key: 'test', state: 'finish', note: { key: 'tested' } }
    : { key: 'test', state: 'finish', note: { key: 'testSkipped' } };
  const testLater: IntegrationStep = tested
    ? { key: 'test', state: 'finish', note: { key: 'tested' } }
    : { key: 'test', state: 'wait', note: { key: 'testOptional' } };
  const liveWait: IntegrationStep = { key: 'live', state: 'wait', note: { key: 'liveTodo' } };

  let steps: IntegrationStep[];
  switch (data.status) {
    case 'complete':
      steps = [configure, receiveDone, testDone, { key: 'live', state: 'finish', note: { key: 'live' } }];
      break;
    case 'partial': {
      const missing = missingList(data);
      const tooLow = data.reasons.includes('sdkVersionTooLow');
      steps = [
        configure,
        receiveDone,
        testDone,
        {
          key: 'live',
          state: 'process',
          note: {
            key: missing.length > 0 ? (tooLow ? 'partialBoth' : 'partial') : 'partialVersion',
            values: { min: data.sdk.minVersion },
          },
          missing,
        },
      ];
      break;
    }
    case 'inProgress':
      steps = [
        configure,
        receiveDone,
        testDone,
        { key: 'live', state: 'process', note: { key: 'testOnly' } },
      ];
      break;
    case 'noData':
      steps = [
        configure,
        receiveDone,
        testDone,
        {
          key: 'live',
          state: 'process',
          note: { key: 'noData', values: { date: lastReceivedDay(data) ?? '-' } },
        },
      ];
      break;
    case 'failed':
      steps = received
        ? [configure, receiveDone, testDone, { key: 'live', state: 'error', note: failedNote }]
        : [configure, { key: 'receive', state: 'error', note: failedNote }, testLater, liveWait];
      break;
    case 'notIntegrated':
    default:
      steps = [
        configured ? configure : { ...configure, state: 'process' },
        { key: 'receive', state: configured ? 'process' : 'wait', note: { key: 'receiveTodo' } },
        testLater,
        liveWait,
      ];
      break;
  }
  const current = steps.findIndex((step) => step.state === 'process' || step.state === 'error');
  return { current: current === -1 ? steps.length : current, steps };
}
