import { useRef, useState } from 'react';
import { Alert, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { buildQuery, type QueryParams } from '../../../api/createRequestClient';
import { SchemaForm, type SchemaFormHandle } from '../../../schema-form/SchemaForm';
import { useSchemaEntry } from '../../../schema-form/useSchemaEntry';
import { useSession } from '../../../session/useSession';
import type { EntityFormProps } from './EntityListPage';
import type { EntityRow } from './entityTypes';

interface Props<Row extends EntityRow> extends EntityFormProps<Row> {
  /** The entity's schema folder (`entities/<entity>`): fields, labels and validation. */
  entity: string;
  /** The list's API path; saves POST there (with `query`) or PUT `/:id`. */
  endpoint: string;
  query?: QueryParams;
  title: string;
}

/**
 * Create or edit one supporting-list entry with the form generated from its entity schema: the
 * engine validates in the browser as the server does, and the server's field errors (a taken
 * identifier, a private callback address) land under their fields too.
 */
export function EntityFormModal<Row extends EntityRow>(props: Props<Row>) {
  const { open, row, onClose, onSaved, entity, endpoint, query, title } = props;
  const { t } = useTranslation();
  const { client } = useSession();
  const { entry, error } = useSchemaEntry('entity', entity);
  const form = useRef<SchemaFormHandle>(null);
  const [busy, setBusy] = useState(false);

  async function save(data: Record<string, unknown>) {
    if (row) await client.put(`${endpoint}/${encodeURIComponent(row.id)}`, data);
    else await client.post(`${endpoint}${buildQuery(query)}`, data);
  }

  async function submit() {
    setBusy(true);
    try {
      if (await form.current?.submit()) onSaved();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={title}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !entry }}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      maskClosable={false}
    >
      {error ? (
        <Alert type="error" showIcon title={t('rewards:entityForm.unavailable')} />
      ) : !entry ? (
        <Skeleton active />
      ) : (
        <SchemaForm
          key={row?.id ?? 'new'}
          ref={form}
          entry={entry}
          initialData={row?.config}
          onSubmit={save}
        />
      )}
    </Modal>
  );
}
