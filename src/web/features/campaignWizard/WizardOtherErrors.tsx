import { Alert } from 'antd';
import type { FieldError } from '../../api/RequestError';
import type { EnumLabeler } from '../../schema-form/autoUi';
import type { FormLang } from '../../schema-form/engineValidator';
import { issueLines } from '../../schema-form/issueLines';
import type { SchemaEntry } from '../../schema-form/schemaEntry';

interface WizardOtherErrorsProps {
  entry: SchemaEntry;
  /** A refused save's errors that belong to no step. */
  errors: FieldError[];
  lang: FormLang;
  strings: Record<string, string>;
  enumLabel: EnumLabeler;
}

/** Above the step: a refused save's errors that no step holds, as sentences naming their fields. */
export function WizardOtherErrors({ entry, errors, lang, strings, enumLabel }: WizardOtherErrorsProps) {
  return (
    <Alert
      type="error"
      showIcon
      className="gc-wizard-other-errors"
      title={issueLines(errors, {
        schema: entry.schema,
        strings,
        lang,
        languageName: (code) => enumLabel('language', code),
      }).join(' ')}
    />
  );
}
