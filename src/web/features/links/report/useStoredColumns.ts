import { useCallback, useState } from 'react';

function read(key: string, allowed: readonly string[], fallback: string[]): string[] {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return fallback;
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return fallback;
    // Columns renamed or removed since they were stored are dropped.
    const kept = value.filter((item): item is string => typeof item === 'string' && allowed.includes(item));
    return kept.length > 0 ? kept : fallback;
  } catch {
    return fallback;
  }
}

/** Visible table columns, remembered in localStorage under `key` (per browser, not per project). */
export function useStoredColumns(key: string, allowed: readonly string[], defaults: string[]) {
  const [columns, setColumns] = useState(() => read(key, allowed, defaults));
  const update = useCallback(
    (next: string[]) => {
      const ordered = allowed.filter((column) => next.includes(column));
      setColumns(ordered);
      try {
        window.localStorage.setItem(key, JSON.stringify(ordered));
      } catch {
        // Storage may be unavailable (private mode); the choice then lasts for this page only.
      }
    },
    [key, allowed],
  );
  return [columns, update] as const;
}
