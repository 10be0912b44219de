import type { SchemaEngine } from '../../engine/createSchemaEngine';
import type { RegistryEntry } from '../../engine/registry/registryTypes';
import { dropEmptyPairs } from '../../engine/validation/emptyPairs';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { AppError, fieldError } from '../errors';

/**
 * Validates a config against a registry entry (after dropping, in place, key-value rows left
 * entirely empty); refuses with 400 and the engine's field errors
 * (JSON pointers into the config, messages in the caller's language). Unknown entries answer a
 * field error at `entryPath` (`/mark` for campaigns).
 */
export function validateConfig(
  engine: SchemaEngine,
  kind: 'gameplay' | 'sub-activity' | 'entity',
  mark: string,
  config: unknown,
  entryPath = '/mark',
): RegistryEntry {
  const entry = engine.get(kind, mark);
  if (!entry) throw fieldError((lang) => [{ path: entryPath, message: validationMessage('enum', lang) }]);
  // A key-value row left entirely empty is dropped, not refused (the console drops it too).
  dropEmptyPairs(engine.formSchema(entry.name), config);
  if (engine.validate(entry.name, config).valid) return entry;
  throw new AppError('validation', {
    errors: (lang) =>
      engine
        .validate(entry.name, config, lang)
        .errors.map((issue) => ({ path: issue.path, message: issue.message })),
  });
}
