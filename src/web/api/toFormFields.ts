import type { FieldError } from './RequestError';

export interface FormFieldErrors {
  name: Array<string | number>;
  errors: string[];
}

/**
 * API field errors (`/projects/0/permission`) as antd `form.setFields` entries, so the server's
 * message shows under the field it belongs to. Errors about the whole body are left out.
 */
export function toFormFields(errors: FieldError[]): FormFieldErrors[] {
  const byPath = new Map<string, FormFieldErrors>();
  for (const error of errors) {
    const name = error.path
      .split('/')
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/~1/g, '/').replace(/~0/g, '~')));
    if (name.length === 0) continue;
    const key = name.join('/');
    const entry = byPath.get(key) ?? { name, errors: [] };
    entry.errors.push(error.message);
    byPath.set(key, entry);
  }
  return [...byPath.values()];
}
