import { useCallback, useEffect, useRef, useState } from 'react';
import { usePendingEdits } from './pendingEdits';

/**
 * Field-local editing: typing changes only this component's state; the value reaches the form on
 * blur (or Enter, or a flush before next/save/draft). A new value from outside replaces the local
 * one unless the user is in the middle of editing it.
 */
export function useCommitOnBlur<T>(value: T, commit: (value: T) => void) {
  const pending = usePendingEdits();
  const [draft, setDraft] = useState<T>(value);
  const [seen, setSeen] = useState<T>(value);
  const [dirty, setDirty] = useState(false);
  const draftRef = useRef<T>(value);
  const dirtyRef = useRef(false);
  const commitRef = useRef(commit);
  const unregisterRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    commitRef.current = commit;
  });

  if (!Object.is(value, seen)) {
    // Adjusting state while rendering (React's "derived state" pattern): no extra effect pass.
    setSeen(value);
    if (!dirty) setDraft(value);
  }

  const flush = useCallback(() => {
    unregisterRef.current?.();
    unregisterRef.current = null;
    if (!dirtyRef.current) return;
    dirtyRef.current = false;
    setDirty(false);
    commitRef.current(draftRef.current);
  }, []);

  const change = useCallback(
    (next: T) => {
      draftRef.current = next;
      setDraft(next);
      if (!dirtyRef.current) {
        dirtyRef.current = true;
        setDirty(true);
        unregisterRef.current = pending.add(flush);
      }
    },
    [pending, flush],
  );

  // Leaving with uncommitted text (a tab switch that unmounts the input) still commits it.
  useEffect(() => flush, [flush]);

  return { draft, change, flush };
}
