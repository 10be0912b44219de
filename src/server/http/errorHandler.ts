import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { localizeErrors, validationMessage } from '../../engine/validation/localizeErrors';
import { AppError, errorMessage, type ErrorKey, type FieldError } from '../errors';
import { requestLang } from './requestLang';

interface ErrorBody {
  code: number;
  msg: string;
  data: { error: ErrorKey; errors?: FieldError[] } & Record<string, unknown>;
}

/** Builds the error envelope for one coded error in the caller's language. */
export function errorBody(request: FastifyRequest, error: AppError): ErrorBody {
  const lang = requestLang(request);
  const errors = error.options.errors?.(lang);
  return {
    code: error.status,
    msg: errorMessage(error.key, lang, error.options.params),
    data: { ...(error.options.data ?? {}), error: error.key, ...(errors ? { errors } : {}) },
  };
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  for (const [name, value] of Object.entries(error.options.headers ?? {})) reply.header(name, value);
  return reply.status(error.status).send(errorBody(request, error));
}

// Where a validation error sits: body paths are JSON pointers into the body; query and params
// problems are prefixed so the client can tell them apart.
function prefixFor(context: string | undefined): string {
  if (!context || context === 'body') return '';
  return `/${context}`;
}

/** Maps anything thrown to a coded error; unknown errors become `internal` (logged, no stack out). */
function toAppError(request: FastifyRequest, error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (error.validation) {
    const prefix = prefixFor(error.validationContext);
    const issues = error.validation as unknown as ErrorObject[];
    return new AppError('validation', {
      errors: (lang) =>
        localizeErrors(issues, lang).map((issue) => ({
          path: `${prefix}${issue.path}`,
          message: issue.message,
        })),
    });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalidJson', {
        errors: (lang) => [{ path: '', message: errorMessage('invalidJson', lang) }],
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('unsupportedMediaType');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('bodyTooLarge');
    default:
      break;
  }
  if (error.statusCode === 404) return new AppError('notFound');
  if (error.statusCode === 415) return new AppError('unsupportedMediaType');
  if (error.statusCode === 413) return new AppError('bodyTooLarge');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // A client error from a plugin we did not name (e.g. a malformed URL): keep it a 400 with
    // our own words; Fastify's English text goes to the log only.
    request.log.info({ err: error }, 'client error');
    return new AppError('validation', {
      errors: (lang) => [{ path: '', message: validationMessage('invalid', lang) }],
    });
  }
  request.log.error({ err: error }, 'unexpected error');
  return new AppError('internal');
}

/** Every error and every unknown /api route answers with the envelope. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) =>
    sendError(request, reply, toAppError(request, error)),
  );
}

/** The 404 envelope (used by the not-found handler for /api paths). */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, new AppError('notFound'));
}
