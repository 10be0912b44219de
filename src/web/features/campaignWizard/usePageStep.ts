import { useCallback, useMemo, type RefObject } from 'react';
import type { Config, WizardStep } from '../../schema-form/schemaEntry';
import { useSchemaEntries } from '../../schema-form/useSchemaEntries';
import { editorFieldsOf, withEditorFields } from '../pageEditor/pageFields';

/**
 * Whether a wizard step is laid out in the page editor: a step holding `page` is, once the page
 * blocks are known, and the editor also edits the fields its blocks bind (`editorFields`), which
 * leave the step's form (`formFields`). `merged` takes the form's data with the editor's fields
 * kept as the editor has them (in `configRef`).
 */
export function usePageStep(step: WizardStep, configRef: RefObject<Config>) {
  const { entries: blockEntries } = useSchemaEntries('block');
  const editorFields = useMemo(() => editorFieldsOf(blockEntries ?? []), [blockEntries]);
  const pageStep = step.fields.includes('page') && blockEntries !== undefined && blockEntries.length > 0;
  const formFields = pageStep ? step.fields.filter((f) => !editorFields.has(f)) : step.fields;
  const merged = useCallback(
    (data: Config) => (pageStep ? withEditorFields(data, configRef.current, editorFields) : data),
    [pageStep, editorFields, configRef],
  );
  return { blockEntries, editorFields, pageStep, formFields, merged };
}
