export interface Notifier {
  error(message: string): void;
  success(message: string): void;
}

let current: Notifier = {
  error: (message) => console.error(message),
  success: () => {},
};

/** Toasts from outside React components; the app's message holder plugs itself in at start. */
export const notifier: Notifier & { set(next: Notifier): void } = {
  set(next) {
    current = next;
  },
  error: (message) => current.error(message),
  success: (message) => current.success(message),
};
