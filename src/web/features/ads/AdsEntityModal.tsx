import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaForm, type SchemaFormHandle } from '../../schema-form/SchemaForm';
import type { SchemaEntry } from '../../schema-form/schemaEntry';
import { useSchemaEntry } from '../../schema-form/useSchemaEntry';
import type { EntityConfig } from './adsTypes';
import { MicrosWidget } from './MicrosWidget';
import { withMicrosWidgets } from './withMicrosWidgets';

interface Props {
  open: boolean;
  title: string;
  /** The schema folder `entities/<entity>` (ad-account, ad-plan, ad-campaign). */
  entity: string;
  /** A new value starts the form afresh from `initialData`. */
  formKey: string;
  initialData?: EntityConfig;
  /** Field ui beside the money inputs (a picker widget). */
  adjust?(entry: SchemaEntry): SchemaEntry;
  /** Saves the config; throw the RequestError so its field errors land under the fields. */
  save(config: EntityConfig): Promise<void>;
  onClose(): void;
  onSaved(): void;
  testId?: string;
  /** Shown above the form (what saving changes). */
  notice?: ReactNode;
}

/**
 * The shared schema form of an ads entity in a dialog (as SchemaFormModal), its micros fields
 * showing the amount they make in currency units: the engine validates before sending, the
 * server's field errors land under their fields.
 */
export function AdsEntityModal({
  open,
  title,
  entity,
  formKey,
  initialData,
  adjust,
  save,
  onClose,
  onSaved,
  testId,
  notice,
}: Props) {
  const { t } = useTranslation();
  const { entry: registryEntry, error } = useSchemaEntry('entity', entity);
  const entry = useMemo(() => {
    if (!registryEntry) return undefined;
    const money = withMicrosWidgets(registryEntry, MicrosWidget);
    return adjust ? adjust(money) : money;
  }, [registryEntry, adjust]);
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
      mask={{ closable: false }}
    >
      <div data-testid={testId}>
        {notice}
        {error ? (
          <Alert type="error" showIcon title={t('common:formUnavailable')} />
        ) : !entry ? (
          <Skeleton active />
        ) : (
          <SchemaForm key={formKey} ref={form} entry={entry} initialData={initialData} onSubmit={save} />
        )}
      </div>
    </Modal>
  );
}
