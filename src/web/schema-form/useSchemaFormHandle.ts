import { useImperativeHandle, type Ref, type RefObject } from 'react';
import { RequestError, type FieldError } from '../api/RequestError';
import type { SchemaFormHandle } from './SchemaForm';
import type { Config, ValidationIssue } from './schemaEntry';

interface SchemaFormHandleParts {
  getData(): Config;
  validate(): ValidationIssue[];
  showErrors(errors: readonly FieldError[]): void;
  onSubmit?: (data: Config) => Promise<void> | void;
  /** The form's data as it stands (what `submit` hands to `onSubmit` once validated). */
  dataRef: RefObject<Config>;
}

/**
 * A SchemaForm's `ref`: getData, validate, showErrors, and submit (validate, then `onSubmit`; a
 * RequestError with field errors shows them under their fields).
 */
export function useSchemaFormHandle(
  ref: Ref<SchemaFormHandle> | undefined,
  { getData, validate, showErrors, onSubmit, dataRef }: SchemaFormHandleParts,
) {
  useImperativeHandle(
    ref,
    () => ({
      getData,
      validate,
      showErrors,
      async submit() {
        if (validate().length > 0) return false;
        if (!onSubmit) return true;
        try {
          await onSubmit(dataRef.current);
          return true;
        } catch (error) {
          if (error instanceof RequestError && error.errors.length > 0) showErrors(error.errors);
          return false;
        }
      },
    }),
    [getData, validate, showErrors, onSubmit, dataRef],
  );
}
