import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { DEFAULT_LANG, type Lang } from '../../engine/validation/lang';
import { refusedCharacter, unsafeValueIssues } from '../../engine/validation/unsafeValueIssues';
import { fieldError, type FieldError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route checks its body's text itself (the SDK batch refuses one bad event, not the
     * batch); query, params and headers are still checked.
     */
    ownBodyTextCheck?: boolean;
  }
}

function headerIssues(request: FastifyRequest, lang: Lang): FieldError[] {
  const out: FieldError[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    for (const text of Array.isArray(value) ? value : [value]) {
      const char = typeof text === 'string' ? refusedCharacter(text, 'header') : undefined;
      if (char)
        out.push({
          path: `/headers/${name}`,
          message: validationMessage('controlCharacter', lang, { char }),
        });
    }
  }
  return out;
}

function textIssues(request: FastifyRequest, lang: Lang): FieldError[] {
  return [
    ...unsafeValueIssues(request.params, lang, { prefix: '/params', rule: 'singleLine' }),
    ...unsafeValueIssues(request.query, lang, { prefix: '/querystring' }),
    ...headerIssues(request, lang),
  ].map(({ path, message }) => ({ path, message }));
}

function bodyIssues(body: unknown, lang: Lang): FieldError[] {
  return unsafeValueIssues(body, lang).map(({ path, message }) => ({ path, message }));
}

/**
 * One check for every request, whatever its route's schema: a control character (NUL, which
 * PostgreSQL cannot store, and the other C0/C1 controls) in any path parameter, query string,
 * header or body string, or a number JSON cannot carry (`1e309`), answers 400 `validation`
 * naming the field (`/name`, `/querystring/q`, `/headers/x-project-id`). Path parameters are
 * single-line, so line breaks and tabs are refused there too; query strings (search text pasted
 * from a sheet may hold a tab) and bodies allow them (rules and descriptions are multi-line;
 * names and titles refuse them with `singleLine`).
 * Params, query and headers are checked at `onRequest`, before the auth hooks read the project
 * id; the body once it is parsed, after them (401 stays ahead of any body rule).
 */
export function registerUnsafeInputCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (textIssues(request, DEFAULT_LANG).length > 0) throw fieldError((lang) => textIssues(request, lang));
  });
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.ownBodyTextCheck) return;
    const body = request.body;
    if (body === undefined || body === null) return;
    if (bodyIssues(body, DEFAULT_LANG).length > 0) throw fieldError((lang) => bodyIssues(body, lang));
  });
}
