import { useRef, useState } from 'react';
import { Alert, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaForm, type SchemaFormHandle } from './SchemaForm';
import { useSchemaEntry } from './useSchemaEntry';

type EntityConfig = Record<string, unknown>;

interface Props {
  open: boolean;
  title: string;
  /** The schema folder `entities/<entity>`: fields, labels and validation. */
  entity: string;
  /** Form key: a new value starts the form afresh from `initialData`. */
  formKey: string;
  initialData?: EntityConfig;
  /** Saves the config; throw the RequestError so its field errors land under the fields. */
  save(config: EntityConfig): Promise<void>;
  onClose(): void;
  onSaved(): void;
}

/**
 * A modal form generated from an entity schema: the engine validates in the browser as the
 * server does, and the server's field errors (a taken identifier, a private callback address)
 * land under their fields too. The one modal every supporting list uses.
 */
export function SchemaFormModal({
  open,
  title,
  entity,
  formKey,
  initialData,
  save,
  onClose,
  onSaved,
}: Props) {
  const { t } = useTranslation();
  const { entry, error } = useSchemaEntry('entity', entity);
  const form = useRef<SchemaFormHandle>(null);
  const [busy, setBusy] = useState(false);

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
        <Alert type="error" showIcon title={t('common:formUnavailable')} />
      ) : !entry ? (
        <Skeleton active />
      ) : (
        <SchemaForm key={formKey} ref={form} entry={entry} initialData={initialData} onSubmit={save} />
      )}
    </Modal>
  );
}
