/**
 * Undo and redo over whole states: `set` records the state it replaces (at most `limit` steps
 * back); a `set` with the same `group` as the previous one within `mergeMs` replaces it instead
 * (typing in one field is one step). Pure: the editor keeps it in a reducer.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The group and time of the last `set`, for merging. */
  last: { group: string; at: number } | null;
}

export const HISTORY_LIMIT = 100;
export const MERGE_MS = 1000;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], last: null };
}

export type HistoryAction<T> =
  | { type: 'set'; state: T; group?: string; at: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; state: T };

export function historyReducer<T>(history: History<T>, action: HistoryAction<T>): History<T> {
  switch (action.type) {
    case 'set': {
      if (Object.is(action.state, history.present)) return history;
      const merge =
        action.group !== undefined &&
        history.last?.group === action.group &&
        action.at - history.last.at <= MERGE_MS &&
        history.past.length > 0;
      const past = merge ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT);
      return {
        past,
        present: action.state,
        future: [],
        last: action.group === undefined ? null : { group: action.group, at: action.at },
      };
    }
    case 'undo': {
      if (history.past.length === 0) return history;
      return {
        past: history.past.slice(0, -1),
        present: history.past[history.past.length - 1],
        future: [history.present, ...history.future],
        last: null,
      };
    }
    case 'redo': {
      if (history.future.length === 0) return history;
      return {
        past: [...history.past, history.present],
        present: history.future[0],
        future: history.future.slice(1),
        last: null,
      };
    }
    case 'reset':
      return startHistory(action.state);
  }
}
