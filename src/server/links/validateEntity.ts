import type { FastifyInstance } from 'fastify';
import { dropEmptyPairs } from '../../engine/validation/emptyPairs';
import { AppError } from '../errors';

/**
 * Checks a config against an engine entity (`entity/link`, ...), after dropping, in place,
 * key-value rows left entirely empty; a refused config answers 400
 * with the engine's field errors (JSON pointers into the body), in the caller's language.
 */
export function validateEntity(app: FastifyInstance, name: string, config: unknown): void {
  const engine = app.schemas.current();
  // A key-value row left entirely empty is dropped, not refused (the console drops it too).
  if (engine.get(name)) dropEmptyPairs(engine.formSchema(name), config);
  if (engine.validate(name, config).valid) return;
  throw new AppError('validation', {
    errors: (lang) =>
      engine
        .validate(name, config, lang)
        .errors.map((issue) => ({ path: issue.path, message: issue.message })),
  });
}
