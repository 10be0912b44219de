import type { FormInstance } from 'antd';
import { RequestError } from './RequestError';
import { toFormFields } from './toFormFields';

/** Puts the API's field errors of a failed save under the matching form fields. */
export function applyFieldErrors<T>(form: FormInstance<T>, error: unknown): void {
  if (!(error instanceof RequestError) || error.errors.length === 0) return;
  // The API names fields by JSON pointer; antd's typed names cannot be checked against it statically.
  form.setFields(toFormFields(error.errors) as Parameters<FormInstance<T>['setFields']>[0]);
}
