import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { validateConfig, type FormLang } from '../../schema-form/engineValidator';
import type { Config, SchemaEntry } from '../../schema-form/schemaEntry';
import type { useWizardState } from './useWizardState';

interface WizardActionsOptions {
  entry: SchemaEntry;
  lang: FormLang;
  wizard: ReturnType<typeof useWizardState>;
  onFinish(config: Config): void | Promise<void>;
}

/**
 * What the Wizard's buttons and step bar do: `next` goes on once the step's form and page editor
 * have no problems; `jump` goes to a step reached (forward only from a valid step); `finish`
 * checks the whole config with the engine, showing its problems on their steps, then hands it to
 * `onFinish`.
 */
export function useWizardActions({ entry, lang, wizard, onFinish }: WizardActionsOptions) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { index, configRef, formRef, editorRef, merged, go } = wizard;

  const next = () => {
    const issues = [...(formRef.current?.validate() ?? []), ...(editorRef.current?.validate() ?? [])];
    if (issues.length > 0) {
      void message.warning(t('wizard:wizard.fixStep', { count: issues.length }));
      return;
    }
    go(index + 1);
  };

  const jump = (target: number) => {
    if (target > index && (formRef.current?.validate() ?? []).length > 0) return;
    go(target);
  };

  const finish = async () => {
    const formData = formRef.current?.getData();
    const data = formData ? merged(formData) : configRef.current;
    configRef.current = data;
    const issues = validateConfig(entry.schema, data, lang);
    if (issues.length > 0) {
      wizard.showErrors(issues);
      void message.warning(t('wizard:wizard.fixAll', { count: issues.length }));
      return;
    }
    await onFinish(data);
  };

  return { next, jump, finish };
}
