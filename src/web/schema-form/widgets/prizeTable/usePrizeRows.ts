import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldPathId, FieldProps } from '@rjsf/utils';
import { sameJson } from '../../sameJson';
import { prizesOf, rowsOf, withKeysOf, type PrizeRow } from './prizeRows';

/**
 * The prize table's rows, kept in step with the field's data, and `commit`, which stores new rows
 * (the thank-you prize filled with the remainder). `rowsRef` always holds the latest rows, for
 * callbacks that must not change with them.
 */
export function usePrizeRows(formData: unknown, onChange: FieldProps['onChange'], fieldPathId: FieldPathId) {
  const [rows, setRows] = useState<PrizeRow[]>(() => rowsOf(formData));
  const [seen, setSeen] = useState<unknown>(formData);
  if (formData !== seen) {
    // Our own commits come back (with the schema's defaults filled in by RJSF): take the data,
    // keep each row's key by position so no row remounts.
    setSeen(formData);
    if (!sameJson(formData, prizesOf(rows))) setRows(withKeysOf(rows, formData));
  }
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  });

  const commit = useCallback(
    (next: PrizeRow[]) => {
      setRows(next);
      rowsRef.current = next;
      onChange(prizesOf(next), fieldPathId.path);
    },
    [onChange, fieldPathId],
  );

  return { rows, rowsRef, commit };
}
