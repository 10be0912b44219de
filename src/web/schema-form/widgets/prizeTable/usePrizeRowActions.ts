import { useMemo, type RefObject } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { moveRowBy, patchRow, withThankYou, type PrizeRow } from './prizeRows';
import type { PrizeRowActions } from './PrizeRowView';

/**
 * What a prize row can do (patch its prize, remove it after a confirmation, move, open its
 * details, become the thank-you prize), on the latest rows; one object while `commit` stays the
 * same, so memoized rows do not re-render.
 */
export function usePrizeRowActions(
  rowsRef: RefObject<PrizeRow[]>,
  commit: (next: PrizeRow[]) => void,
  setDetailsOf: (uid: string | null) => void,
): PrizeRowActions {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return useMemo<PrizeRowActions>(
    () => ({
      patch: (uid, patch) => commit(patchRow(rowsRef.current, uid, patch)),
      remove: (uid) =>
        modal.confirm({
          title: t('wizard:prizes.removeConfirm'),
          okText: t('wizard:prizes.remove'),
          okButtonProps: { danger: true },
          cancelText: t('common:cancel'),
          onOk: () => commit(rowsRef.current.filter((r) => r.uid !== uid)),
        }),
      move: (uid, delta) => {
        const moved = moveRowBy(rowsRef.current, uid, delta);
        if (moved) commit(moved);
      },
      details: (uid) => setDetailsOf(uid),
      setThank: (uid) => commit(withThankYou(rowsRef.current, uid)),
    }),
    [commit, setDetailsOf, modal, t, rowsRef],
  );
}
