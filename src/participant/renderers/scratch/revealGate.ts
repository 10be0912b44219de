/**
 * The hold between a draw's answer and the card's reveal: the prize the server drew waits under
 * the coating until the card is to be revealed (scratched enough, Reveal, the page's own start).
 */
export function revealGate() {
  let wanted = false;
  let release: (() => void) | null = null;
  return {
    /** A new draw: its card waits to be revealed. */
    close() {
      wanted = false;
    },
    /** The card is to be revealed: a reveal waiting for it goes on. */
    open() {
      wanted = true;
      release?.();
    },
    /** Resolves once the card is to be revealed (at once when it already is). */
    async passed(): Promise<void> {
      if (!wanted) await new Promise<void>((resolve) => (release = resolve));
      release = null;
    },
  };
}
