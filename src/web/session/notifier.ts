export interface Notifier {
  error(message: string): void;
  success(message: string): void;
}

type Toast = { kind: keyof Notifier; message: string };

let current: Notifier | undefined;
// Toasts asked for before the holder is there (it is loaded after the first paint) wait here and
// show as soon as it plugs itself in.
let waiting: Toast[] = [];

function show(kind: keyof Notifier, message: string): void {
  if (current) current[kind](message);
  else waiting.push({ kind, message });
}

/** Toasts from outside React components; the app's message holder plugs itself in at start. */
export const notifier: Notifier & { set(next: Notifier): void } = {
  set(next) {
    current = next;
    const shown = waiting;
    waiting = [];
    for (const { kind, message } of shown) next[kind](message);
  },
  error: (message) => show('error', message),
  success: (message) => show('success', message),
};
