import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Config } from '../../schema-form/schemaEntry';
import { historyReducer, startHistory } from './history';

/**
 * The editor's config with undo and redo, telling `onChange` after every edit (not the first
 * state, which the page around gave). `revision` changes when the settings panel must start again
 * from the config (undo, redo, a new block, applied hotzones).
 */
export function usePageHistory(initial: Config, onChange: (config: Config) => void) {
  const [history, dispatch] = useReducer(historyReducer<Config>, initial, startHistory);
  const config = history.present;
  const [revision, setRevision] = useState(0);
  const restart = useCallback(() => setRevision((r) => r + 1), []);

  const reported = useRef(initial);
  useEffect(() => {
    if (config === reported.current) return;
    reported.current = config;
    onChange(config);
  }, [config, onChange]);

  const setConfig = useCallback(
    (next: Config, group?: string) => dispatch({ type: 'set', state: next, group, at: Date.now() }),
    [],
  );
  const undo = useCallback(() => {
    dispatch({ type: 'undo' });
    restart();
  }, [restart]);
  const redo = useCallback(() => {
    dispatch({ type: 'redo' });
    restart();
  }, [restart]);

  return {
    config,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    revision,
    restart,
    setConfig,
    undo,
    redo,
  };
}
