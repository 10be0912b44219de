import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * Checks a config against an engine entity (`entity/link`, ...); a refused config answers 400
 * with the engine's field errors (JSON pointers into the body), in the caller's language.
 */
export function validateEntity(app: FastifyInstance, name: string, config: unknown): void {
  const engine = app.schemas.current();
  if (engine.validate(name, config).valid) return;
  throw new AppError('validation', {
    errors: (lang) =>
      engine
        .validate(name, config, lang)
        .errors.map((issue) => ({ path: issue.path, message: issue.message })),
  });
}
