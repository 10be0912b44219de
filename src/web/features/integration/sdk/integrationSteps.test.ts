import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en-US/integration.json';
import zh from '../../../../../locales/zh-CN/integration.json';
import { sdkStatuses, type IntegrationStatus } from '../integrationTypes';
import { hasReceived, integrationSteps, latestReceived, STEP_KEYS } from './integrationSteps';

type Overrides = Partial<IntegrationStatus> & { configured?: boolean };

/** A status answer as the server gives it, nothing received unless the overrides say otherwise. */
function status({ configured = true, ...overrides }: Overrides = {}): IntegrationStatus {
  return {
    status: 'notIntegrated',
    reasons: [],
    appConfig: {
      templates: configured ? 1 : 0,
      android: { configured, packageNames: configured ? ['com.example.app'] : [] },
      ios: { configured: false, bundleIds: [] },
      web: { configured: false },
    },
    deepLinkConfig: { links: 0, universalLinks: false, appLinks: false, uriSchemes: false },
    events: ['install', 'open', 'launch', 'page_view'].map((name) => ({
      name,
      category: 'standard',
      seen: false,
      count: 0,
      lastDate: null,
      platforms: [],
    })),
    customEvents: 0,
    platforms: [],
    testDevices: [],
    launchRecords: [],
    sdk: { minVersion: '2.0', latestVersion: null, latestPlatform: null, tooLow: false, versions: [] },
    lastRequest: null,
    ...overrides,
  };
}

/** Android installs and opens received (on `date`), as a working app reports them. */
function received(date = '2026-03-02'): Overrides {
  return {
    events: ['install', 'open', 'launch', 'page_view'].map((name) => ({
      name,
      category: 'standard',
      seen: name === 'install' || name === 'open',
      count: name === 'install' || name === 'open' ? 3 : 0,
      lastDate: name === 'install' || name === 'open' ? date : null,
      platforms: name === 'install' || name === 'open' ? ['android'] : [],
    })),
    platforms: [{ platform: 'android', events: 6, missing: [] }],
    launchRecords: [
      {
        eventId: 'e2',
        name: 'open',
        deviceId: 'phone-1',
        platform: 'android',
        time: `${date}T10:00:00.000Z`,
        sdkVersion: '2.1.0',
        appVersion: null,
        linkId: null,
        testDevice: false,
      },
    ],
  };
}

const states = (data: IntegrationStatus) => integrationSteps(data).steps.map((step) => step.state);
const notes = (data: IntegrationStatus) => integrationSteps(data).steps.map((step) => step.note.key);

describe('integrationSteps', () => {
  it('complete: every step finished, an unused test device said to be optional', () => {
    const data = status({ ...received(), status: 'complete' });
    expect(integrationSteps(data).current).toBe(STEP_KEYS.length);
    expect(states(data)).toEqual(['finish', 'finish', 'finish', 'finish']);
    expect(notes(data)).toEqual(['configured', 'received', 'testSkipped', 'live']);
    // With a test device that reported, the step says so.
    const tested = status({
      ...received(),
      status: 'complete',
      testDevices: [{ id: 't', name: 'QA', deviceId: 'qa', lastSeenAt: '2026-03-01T00:00:00Z' }],
    });
    expect(notes(tested)[2]).toBe('tested');
    expect(integrationSteps(tested).current).toBe(4);
  });

  it('complete without a link template (web events only): configuration not needed for events', () => {
    const data = status({ ...received(), status: 'complete', configured: false });
    expect(states(data)).toEqual(['finish', 'finish', 'finish', 'finish']);
    expect(notes(data)[0]).toBe('configureSkipped');
  });

  it('notIntegrated: highlights the first unmet step', () => {
    const unconfigured = status({ configured: false });
    expect(integrationSteps(unconfigured).current).toBe(0);
    expect(states(unconfigured)).toEqual(['process', 'wait', 'wait', 'wait']);
    expect(notes(unconfigured)).toEqual(['configureTodo', 'receiveTodo', 'testOptional', 'liveTodo']);

    const configured = status();
    expect(integrationSteps(configured).current).toBe(1);
    expect(states(configured)).toEqual(['finish', 'process', 'wait', 'wait']);
  });

  it('partial: the last step is current and lists what is missing', () => {
    const data = status({
      ...received(),
      status: 'partial',
      reasons: ['missing:ios:install', 'missing:web:open'],
      platforms: [
        { platform: 'android', events: 6, missing: [] },
        { platform: 'ios', events: 1, missing: ['install'] },
        { platform: 'web', events: 1, missing: ['open'] },
      ],
    });
    const { current, steps } = integrationSteps(data);
    expect(current).toBe(3);
    expect(states(data)).toEqual(['finish', 'finish', 'finish', 'process']);
    expect(steps[3].note.key).toBe('partial');
    expect(steps[3].missing).toEqual([
      { platform: 'ios', event: 'install' },
      { platform: 'web', event: 'open' },
    ]);
    // An old SDK alone, or with missing events.
    const old = status({ ...received(), status: 'partial', reasons: ['sdkVersionTooLow'] });
    expect(integrationSteps(old).steps[3].note).toEqual({ key: 'partialVersion', values: { min: '2.0' } });
    const both = status({
      ...received(),
      status: 'partial',
      reasons: ['missing:ios:open', 'sdkVersionTooLow'],
    });
    expect(integrationSteps(both).steps[3].note.key).toBe('partialBoth');
  });

  it('inProgress: only test devices reported, so testing is done and going live is current', () => {
    const data = status({ ...received(), status: 'inProgress' });
    expect(integrationSteps(data).current).toBe(3);
    expect(states(data)).toEqual(['finish', 'finish', 'finish', 'process']);
    expect(notes(data)).toEqual(['configured', 'received', 'tested', 'testOnly']);
  });

  it('failed: the failed step is in error and carries the error', () => {
    // A call logged before problems were coded: its stored text.
    const lastRequest = {
      time: '2026-03-02T10:00:00Z',
      path: '/api/sdk/v1/events',
      status: 403,
      outcome: 'error' as const,
      problem: null,
      error: 'ipNotWhitelisted: not allowed',
    };
    // Nothing ever arrived: receiving failed.
    const first = status({ status: 'failed', lastRequest });
    const answer = integrationSteps(first);
    expect(answer.current).toBe(1);
    expect(states(first)).toEqual(['finish', 'error', 'wait', 'wait']);
    expect(answer.steps[1].note).toEqual({
      key: 'failed',
      values: { path: '/api/sdk/v1/events', status: 403, error: 'ipNotWhitelisted: not allowed' },
    });
    // Events arrived before: reporting (live) fails now.
    const later = status({ ...received(), status: 'failed', lastRequest });
    expect(integrationSteps(later).current).toBe(3);
    expect(states(later)).toEqual(['finish', 'finish', 'finish', 'error']);
    expect(integrationSteps(later).steps[3].note.key).toBe('failed');
    // A coded problem says why too; a failure with none only its status.
    const coded = {
      ...lastRequest,
      problem: { level: 'error' as const, code: 'ipNotWhitelisted', params: { status: 403 } },
      error: null,
    };
    expect(
      integrationSteps(status({ ...received(), status: 'failed', lastRequest: coded })).steps[3].note.key,
    ).toBe('failed');
    const bare = { ...coded, problem: null };
    expect(
      integrationSteps(status({ ...received(), status: 'failed', lastRequest: bare })).steps[3].note.key,
    ).toBe('failedStatus');
  });

  it('noData: says nothing arrived for 7 days, with the last day', () => {
    const data = status({ ...received('2026-02-20'), status: 'noData' });
    expect(integrationSteps(data).current).toBe(3);
    expect(states(data)).toEqual(['finish', 'finish', 'finish', 'process']);
    expect(integrationSteps(data).steps[3].note).toEqual({ key: 'noData', values: { date: '2026-02-20' } });
  });
});

describe('integrationSteps texts', () => {
  it('every step and note it can give is translated in zh-CN and en-US', () => {
    const lastRequest = {
      time: '2026-03-02T10:00:00Z',
      path: '/api/sdk/v1/events',
      status: 500,
      outcome: 'error' as const,
      problem: null,
      error: null,
    };
    const cases = sdkStatuses.flatMap((value) =>
      [true, false].flatMap((configured) => [
        status({ status: value, configured, lastRequest }),
        status({ ...received(), status: value, configured, lastRequest, reasons: ['missing:ios:open'] }),
        status({ ...received(), status: value, configured, reasons: ['sdkVersionTooLow'] }),
      ]),
    );
    const notes = new Set(cases.flatMap((data) => integrationSteps(data).steps.map((step) => step.note.key)));
    expect(notes.size).toBeGreaterThan(10);
    for (const locale of [en, zh]) {
      for (const key of notes) expect(locale.sdk.stepNote, key).toHaveProperty(key);
      for (const key of STEP_KEYS) expect(locale.sdk.step, key).toHaveProperty(key);
    }
  });
});

describe('hasReceived and latestReceived', () => {
  it('nothing received', () => {
    expect(hasReceived(status())).toBe(false);
    expect(latestReceived(status())).toBeNull();
  });

  it('the latest launch record first', () => {
    const data = status({ ...received(), status: 'partial' });
    expect(hasReceived(data)).toBe(true);
    expect(latestReceived(data)).toEqual({
      name: 'open',
      platform: 'android',
      time: '2026-03-02T10:00:00.000Z',
      date: null,
    });
  });

  it('an attribution report or page view (no launch record): the latest seen event and its day', () => {
    const data = status({ ...received(), launchRecords: [] });
    expect(latestReceived(data)).toEqual({
      name: 'install',
      platform: 'android',
      time: null,
      date: '2026-03-02',
    });
  });

  it('custom events only', () => {
    const data = status({ customEvents: 2, platforms: [{ platform: 'web', events: 2, missing: ['open'] }] });
    expect(hasReceived(data)).toBe(true);
    expect(latestReceived(data)).toEqual({ name: 'custom', platform: 'web', time: null, date: null });
  });
});
