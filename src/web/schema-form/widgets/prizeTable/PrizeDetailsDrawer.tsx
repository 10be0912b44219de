import { useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { Button, Drawer, Space } from 'antd';
import type Form from '@rjsf/core';
import type { ErrorSchema, Registry } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { buildFormModel, type FormModel } from '../../formModel';
import { createPendingEdits, PendingEditsContext } from '../../pendingEdits';
import { formContextOf, type SchemaFormContext } from '../../schemaFormContext';
import type { Config } from '../../schemaEntry';
import { SchemaFormView } from '../../SchemaFormView';
import type { Prize } from './prizeRows';

interface PrizeDetailsDrawerProps {
  open: boolean;
  prize: Prize | undefined;
  index: number;
  /** The prize list's `items` schema. */
  itemSchema: Record<string, unknown>;
  /** Errors of this prize (its node of the list's error schema). */
  errors: unknown;
  registry: Registry;
  locked: boolean;
  onClose(): void;
  onSave(prize: Prize): void;
}

/** Every field of one prize in a drawer: the same widgets, the prize item's schema. */
export function PrizeDetailsDrawer({
  open,
  prize,
  index,
  itemSchema,
  errors,
  registry,
  locked,
  onClose,
  onSave,
}: PrizeDetailsDrawerProps) {
  const { t } = useTranslation();
  const parent = formContextOf(registry);
  const model = useMemo(
    () =>
      buildFormModel({
        root: parent.rootSchema,
        node: itemSchema,
        ui: {},
        strings: parent.strings,
        enumLabel: parent.enumLabel,
        consoleText: (key) => t(key),
      }),
    [parent.rootSchema, itemSchema, parent.strings, parent.enumLabel, t],
  );
  const [pending] = useState(createPendingEdits);
  // What the drawer's form holds; null until the first edit (then the prize as opened applies).
  const dataRef = useRef<Config | null>(null);
  const formRef = useRef<Form>(null);
  const context = useMemo<SchemaFormContext>(
    () => ({
      ...parent,
      getData: () => dataRef.current ?? prize ?? {},
      setValueAt: (path, value) => formRef.current?.setFieldValue([...path], value),
    }),
    [parent, prize],
  );

  return (
    <Drawer
      open={open}
      width={680}
      title={t('wizard:prizes.detailsTitle', { n: index + 1 })}
      destroyOnHidden
      onClose={() => {
        dataRef.current = null;
        onClose();
      }}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button
            type="primary"
            disabled={locked}
            onClick={() => {
              flushSync(() => pending.flushAll());
              onSave((dataRef.current ?? prize ?? {}) as Prize);
              dataRef.current = null;
            }}
          >
            {t('wizard:prizes.apply')}
          </Button>
        </Space>
      }
    >
      {open && prize && (
        <PendingEditsContext.Provider value={pending}>
          <DetailsForm
            key={index}
            prize={prize}
            dataRef={dataRef}
            formRef={formRef}
            model={model}
            registry={registry}
            errors={errors as ErrorSchema | undefined}
            context={context}
            locked={locked}
          />
        </PendingEditsContext.Provider>
      )}
    </Drawer>
  );
}

interface DetailsFormProps {
  prize: Prize;
  dataRef: RefObject<Config | null>;
  formRef: RefObject<Form | null>;
  model: FormModel;
  registry: Registry;
  errors: ErrorSchema | undefined;
  context: SchemaFormContext;
  locked: boolean;
}

function DetailsForm({
  prize,
  dataRef,
  formRef,
  model,
  registry,
  errors,
  context,
  locked,
}: DetailsFormProps) {
  // The drawer's form starts from the prize as it was when opened and keeps its own state.
  const [initial] = useState<Config>(() => ({ ...prize }));
  return (
    <SchemaFormView
      model={model}
      validator={registry.schemaUtils.getValidator()}
      initialData={initial}
      extraErrors={errors}
      formContext={context}
      formRef={formRef}
      disabled={locked}
      onChange={(data) => {
        dataRef.current = data;
      }}
    />
  );
}
