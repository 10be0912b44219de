import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { IdParams } from '../../http/fields';
import type { TypedApp } from '../../http/typedApp';
import { currentProject, requireProject } from '../../plugins/auth';
import { requireAdsAdvanced } from '../adsAccess';
import { projectIncomeAccount } from './incomeAccount';
import { importIncome } from './importIncome';
import { postbackLogPage } from './postbackLog';

/** The largest import file (its text). */
const MAX_CSV = 2 * 1024 * 1024;
const tags = ['ads income'];
const security = [{ bearer: [] }];

const PostbackRow = Type.Object({
  id: Type.String(),
  time: Type.String(),
  ip: Type.String(),
  outcome: Type.Union([Type.Literal('accepted'), Type.Literal('duplicate'), Type.Literal('refused')]),
  reason: Type.Union([Type.String(), Type.Null()], {
    description: 'Refused: address | signature | invalid | unknownTransaction',
  }),
  txid: Type.Union([Type.String(), Type.Null()]),
});
// The import's 400: the usual error envelope, its errors with the file line and column.
const ImportErrors = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Object(
    {
      error: Type.String(),
      errors: Type.Optional(
        Type.Array(
          Type.Object({
            path: Type.String(),
            line: Type.Optional(Type.Integer({ description: 'The file line (1 = the header)' })),
            field: Type.Optional(Type.String({ description: 'The column' })),
            message: Type.String(),
          }),
        ),
      ),
    },
    { additionalProperties: true },
  ),
});

function postbacksRoute(app: TypedApp) {
  app.get(
    '/api/ads/accounts/:id/postbacks',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: "An ad account's postback log, newest first (accepted, duplicate, refused with the reason)",
        params: IdParams,
        querystring: Type.Object({
          page: Type.Integer({ minimum: 1, default: 1 }),
          pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
        }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(PostbackRow), total: Type.Integer() })),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const account = await projectIncomeAccount(app.ctx.db, project.id, request.params.id);
      return ok(await postbackLogPage(app.ctx.db, project.id, account.id, request.query));
    },
  );
}

function importRoute(app: TypedApp) {
  app.post(
    '/api/ads/accounts/:id/import',
    {
      onRequest: [requireProject('edit'), requireAdsAdvanced],
      // The file's text in JSON (escaped quotes and line breaks) needs some room over 2 MB.
      bodyLimit: 3 * MAX_CSV,
      schema: {
        tags,
        security,
        summary:
          'Import income lines (advanced): CSV with a header row (date, txid, amount required; currency, click_id, domain, offer_id, user_id, status); all lines checked first, nothing stored on any error',
        params: IdParams,
        body: Type.Object({ csv: Type.String({ minLength: 1, maxLength: MAX_CSV }) }),
        response: {
          200: Envelope(
            Type.Object({
              imported: Type.Integer({ description: 'Transactions booked' }),
              duplicates: Type.Integer({
                description: 'Transactions booked before (by postback or import): unchanged',
              }),
            }),
          ),
          400: ImportErrors,
          ...errorResponses(401, 403, 404, 413),
        },
      },
    },
    async (request) => {
      const account = await projectIncomeAccount(app.ctx.db, currentProject(request).id, request.params.id);
      return ok(await importIncome(app.ctx.db, account, request.body.csv, app.ctx.now()));
    },
  );
}

/** An ad account's income: its postback log and the CSV import (advanced). */
export const accountIncomeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  postbacksRoute(app);
  importRoute(app);
};
