import { createContext, useContext } from 'react';

/**
 * Edits typed but not yet committed to the form (inputs commit on blur, so a keystroke re-renders
 * only its own input). Whoever needs the latest data (next step, save, draft on leaving) flushes
 * them first.
 */
export interface PendingEdits {
  /** Registers a flush for a widget with uncommitted input; returns the unregister function. */
  add(flush: () => void): () => void;
  /** Commits every pending edit now. */
  flushAll(): void;
}

export function createPendingEdits(): PendingEdits {
  const pending = new Set<() => void>();
  return {
    add(flush) {
      pending.add(flush);
      return () => pending.delete(flush);
    },
    flushAll() {
      for (const flush of [...pending]) {
        pending.delete(flush);
        flush();
      }
    },
  };
}

const detached = createPendingEdits();

export const PendingEditsContext = createContext<PendingEdits>(detached);

export function usePendingEdits(): PendingEdits {
  return useContext(PendingEditsContext);
}
