import { useCallback, useEffect, useRef } from 'react';
import { usePendingEdits } from '../../pendingEdits';

interface CellInputProps {
  value: string | number | undefined;
  /** Called on blur or Enter with the typed text, only when it was edited. */
  onCommit: (text: string) => void;
  'aria-label': string;
  status?: 'error';
  disabled?: boolean;
  inputMode?: 'text' | 'decimal' | 'numeric';
  /** The id of the row's own form element (see PrizeRowView). */
  form?: string;
}

/**
 * A prize-table cell's input: a plain, uncontrolled input styled like antd's. Typing touches the
 * DOM only (no React render at all), which keeps a keystroke's frame cheap in a table of twenty
 * prizes; the text is committed on blur, Enter or a flush (next step, save, draft).
 */
export function CellInput({ value, onCommit, status, disabled, inputMode, form, ...rest }: CellInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const pending = usePendingEdits();
  const dirty = useRef(false);
  const unregister = useRef<(() => void) | null>(null);
  const commitRef = useRef(onCommit);
  useEffect(() => {
    commitRef.current = onCommit;
  });
  const text = value === undefined || value === null ? '' : String(value);

  // A new value from outside shows unless the user is editing this cell.
  useEffect(() => {
    if (!dirty.current && ref.current && ref.current.value !== text) ref.current.value = text;
  }, [text]);

  const flush = useCallback(() => {
    unregister.current?.();
    unregister.current = null;
    if (!dirty.current) return;
    dirty.current = false;
    commitRef.current(ref.current?.value ?? '');
  }, []);
  useEffect(() => flush, [flush]);

  return (
    <input
      ref={ref}
      className={`gc-cell-input${status === 'error' ? ' gc-cell-input-error' : ''}`}
      aria-label={rest['aria-label']}
      aria-invalid={status === 'error' || undefined}
      defaultValue={text}
      disabled={disabled}
      inputMode={inputMode}
      form={form}
      autoComplete="off"
      onInput={() => {
        if (dirty.current) return;
        dirty.current = true;
        unregister.current = pending.add(flush);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') flush();
      }}
      onBlur={flush}
    />
  );
}
