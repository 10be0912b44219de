import type { ErrorObject } from 'ajv';
import type { Lang } from './lang';
import { localizedMessage } from './localizeErrors';

/**
 * A localizer for RJSF's `customizeValidator(options, localizer)`: rewrites each raw ajv error's
 * message in place with the engine's text, so the browser shows the words the server returns.
 */
export function createAjvLocalizer(lang: Lang): (errors?: null | ErrorObject[]) => void {
  return (errors) => {
    for (const error of errors ?? []) error.message = localizedMessage(error, lang);
  };
}
