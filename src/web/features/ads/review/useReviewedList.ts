import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/useSession';
import type { AdPlanRow, AdStatus, EntityConfig, ReviewDecision } from '../adsTypes';
import { useAdsList } from '../useAdsList';

export type ReviewedKind = 'plans' | 'campaigns';

/** A kind's API path, its word for one row (test ids) and one row's path. */
export function reviewedPaths(kind: ReviewedKind) {
  const api = `/api/ads/${kind}`;
  return {
    api,
    single: kind === 'plans' ? 'plan' : 'campaign',
    item: (id: string) => `${api}/${encodeURIComponent(id)}`,
  };
}

/**
 * What the editor says above the form: a new row waits for review, an edit of a reviewed row
 * sends it back for review; a row already under review says nothing.
 */
export function editNotice(row?: Pick<AdPlanRow, 'status'>): 'newUnderReview' | 'editAgain' | undefined {
  if (!row) return 'newUnderReview';
  return row.status !== 'under-review' ? 'editAgain' : undefined;
}

/**
 * An ad plan or campaign list: the page of rows (with `also`, the other lists that show their
 * names), the open editor (a new row or the one edited), and review, delete and save, each toasted
 * and followed by a refresh.
 */
export function useReviewedList<Row extends AdPlanRow>(kind: ReviewedKind, also?: readonly string[]) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const { api, item } = reviewedPaths(kind);
  const list = useAdsList<Row, AdStatus>(api, also);
  const [form, setForm] = useState<{ open: boolean; row?: Row }>({ open: false });

  async function review(row: Row, decision: ReviewDecision, note?: string) {
    // A refused rejection is toasted, and a note the server will not take shows under the field.
    await client.post(`${item(row.id)}/review`, { decision, note });
    void message.success(
      t(decision === 'approve' ? 'ads:review.approved' : 'ads:review.rejected', { name: row.name }),
    );
    await list.refresh();
  }

  return {
    list,
    form,
    /** Opens the editor on `row`, or empty for a new one. */
    open: (row?: Row) => setForm({ open: true, row }),
    close: () => setForm({ open: false }),
    review,
    remove: (row: Row) => list.write(() => client.delete(item(row.id)), t('common:deleted')),
    async save(config: EntityConfig) {
      if (form.row) await client.put(item(form.row.id), config);
      else await client.post(api, config);
    },
    saved() {
      void message.success(t(form.row ? 'common:updated' : 'common:created'));
      setForm({ open: false });
      void list.refresh();
    },
  };
}
