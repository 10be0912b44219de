// Where progress that pays may come from. App events reach the server through two doors: the SDK
// door takes the project's access key, which ships inside every app and web page (anyone holding
// it can invent devices, registrations and task events); the server door takes a request signed
// with the project's API secret, which never leaves the customer's servers. A campaign or task
// that pays on events says which door it trusts: the server's only (the default, and what a
// config without the setting means), or the SDK's too.

/** The door an event came through. */
export type EventVia = 'sdk' | 'server';

/** Where a campaign's or a task's progress may come from. */
export type ProgressSource = 'server' | 'sdk';

/** The setting as configured: anything but 'sdk' (a missing setting included) means the server only. */
export function progressSourceOf(value: unknown): ProgressSource {
  return value === 'sdk' ? 'sdk' : 'server';
}

/** Whether an event that came through `via` may move progress that takes `source`. */
export function movesProgress(source: ProgressSource, via: EventVia): boolean {
  return source === 'sdk' || via === 'server';
}
