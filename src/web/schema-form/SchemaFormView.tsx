import type { Ref } from 'react';
import type Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import {
  englishStringTranslator,
  type ErrorSchema,
  type TranslatableString,
  type ValidatorType,
} from '@rjsf/utils';
import i18next from 'i18next';
import { FORM_DEFAULTS, type FormModel } from './formModel';
import { ThemedForm } from './schemaFormTheme';
import type { SchemaFormContext } from './schemaFormContext';
import type { Config } from './schemaEntry';
import './schemaForm.css';

export interface SchemaFormViewProps {
  model: FormModel;
  validator: ValidatorType;
  /** Data the form starts from (it keeps its own state afterwards; remount to replace it). */
  initialData: Config;
  /** Errors to show under fields (the engine's issues, server errors). */
  extraErrors?: ErrorSchema;
  formContext: SchemaFormContext;
  onChange(data: Config): void;
  formRef?: Ref<Form>;
  disabled?: boolean;
}

// RJSF's own words (array buttons, "Yes"/"No") in the console language when we have them.
function translateString(key: TranslatableString, params?: string[]): string {
  const own = `wizard:rjsf.${key}`;
  return i18next.exists(own)
    ? i18next.t(own, Object.fromEntries((params ?? []).map((p, i) => [`p${i + 1}`, p])))
    : englishStringTranslator(key, params);
}

/**
 * RJSF (@rjsf/antd + the console widgets) over a prepared form model. No RJSF validation: the
 * owner validates with the engine and passes the issues as `extraErrors`. A `div`, not a
 * `<form>`, so forms nest (a prize's drawer inside the wizard) and Enter never submits.
 */
export function SchemaFormView({
  model,
  validator,
  initialData,
  extraErrors,
  formContext,
  onChange,
  formRef,
  disabled,
}: SchemaFormViewProps) {
  return (
    <ThemedForm
      ref={formRef}
      tagName="div"
      className="gc-schema-form"
      schema={model.schema}
      uiSchema={model.uiSchema}
      validator={validator}
      initialFormData={initialData}
      extraErrors={extraErrors}
      showErrorList={false}
      experimental_defaultFormStateBehavior={FORM_DEFAULTS}
      formContext={formContext}
      disabled={disabled}
      translateString={translateString}
      onChange={(event: IChangeEvent) => onChange((event.formData ?? {}) as Config)}
    />
  );
}
