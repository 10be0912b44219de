import type { TFunction } from 'i18next';
import type { CallProblem } from './integrationTypes';

interface RefusedEvents {
  reason: string;
  name: string | null;
  count: number;
  paths?: string[];
}

const REASONS: Record<string, string> = {
  'sdk.unknownEvent': 'unknownEvent',
  'sdk.eventInvalid': 'eventInvalid',
  'sdk.eventTooOld': 'eventTooOld',
  'sdk.eventInFuture': 'eventInFuture',
};

function refusedEvents(params: Record<string, unknown>): RefusedEvents[] {
  return Array.isArray(params.events) ? (params.events as RefusedEvents[]) : [];
}

/** Whether a problem names event keys the project has not defined. */
export function namesUnknownEvents(problem: CallProblem | null | undefined): boolean {
  return !!problem && refusedEvents(problem.params).some((group) => group.reason === 'sdk.unknownEvent');
}

function eventsText(t: TFunction, params: Record<string, unknown>): string {
  const parts = refusedEvents(params).map((group) => {
    const event = group.name
      ? t('integration:sdk.callProblem.quoted', { name: group.name })
      : t('integration:sdk.callProblem.unnamed');
    const reason = REASONS[group.reason] ?? 'other';
    const key =
      reason === 'eventInvalid' && group.paths?.length
        ? 'integration:sdk.callProblem.reason.eventInvalidAt'
        : `integration:sdk.callProblem.reason.${reason}`;
    const text = t(key, {
      event,
      reason: group.reason,
      paths: group.paths?.join(', ') ?? '',
    });
    return group.count > 1 ? t('integration:sdk.callProblem.times', { text, count: group.count }) : text;
  });
  const more = Number(params.more) || 0;
  if (more > 0) parts.push(t('integration:sdk.callProblem.more', { count: more }));
  return parts.join(t('integration:sdk.callProblem.separator'));
}

/**
 * A logged call's problem in the console's language: the refused events of a batch by name and
 * reason, or why a call was refused. Calls logged before problems were coded keep their stored
 * text (`legacy`).
 */
export function callProblemText(
  t: TFunction,
  problem: CallProblem | null | undefined,
  legacy: string | null | undefined,
): string {
  if (!problem) return legacy ?? '';
  const { code, params } = problem;
  if (code === 'sdk.batchRefused' || code === 'sdk.eventsRefused') {
    const key = code === 'sdk.batchRefused' ? 'batchRefused' : 'eventsRefused';
    const text = t(`integration:sdk.callProblem.${key}`, {
      refused: params.refused,
      total: params.total,
      events: eventsText(t, params),
    });
    return namesUnknownEvents(problem)
      ? t('integration:sdk.callProblem.withAdvice', {
          text,
          advice: t('integration:sdk.callProblem.defineKeys'),
        })
      : text;
  }
  const what = t(`integration:sdk.callProblem.code.${code}`, {
    defaultValue: t('integration:sdk.callProblem.code.other', { code }),
  });
  const details = [
    typeof params.status === 'number'
      ? t('integration:sdk.callProblem.status', { status: params.status })
      : '',
    Array.isArray(params.paths) && params.paths.length > 0
      ? t('integration:sdk.callProblem.fields', {
          paths: params.paths.join(', '),
        })
      : '',
  ].filter(Boolean);
  return details.length > 0
    ? t('integration:sdk.callProblem.withDetails', {
        what,
        details: details.join(t('integration:sdk.callProblem.detailSeparator')),
      })
    : what;
}
