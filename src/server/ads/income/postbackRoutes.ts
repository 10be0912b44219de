import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { localDayNumber } from '../../../engine/rules/timeZone';
import { validationMessage } from '../../../engine/validation/localizeErrors';
import { AppError } from '../../errors';
import { allowAnyOrigin, preflightRoutes } from '../../http/cors';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { Id } from '../../http/fields';
import { rollupTimeZone } from '../../sdk/ingestEvents';
import { resolveRequest } from '../resolveRequest';
import { addressAllowed } from './addressAllowed';
import { loadIncomeAccount } from './incomeAccount';
import { readIncomeInput } from './incomeInput';
import { incomeSettings } from './incomeSettings';
import { logPostback, loggedTxid, type RefusalReason } from './postbackLog';
import { postbackSigned, type PostbackParams } from './postbackSignature';
import { storeIncome } from './storeIncome';

const URL = '/api/ads/v1/postback/:accountId';
/** A postback is a few parameters: 64 KiB is plenty. */
const BODY_LIMIT = 64 * 1024;

const Param = (description: string) => Type.Optional(Type.String({ maxLength: 1000, description }));
const Params = Type.Object(
  {
    txid: Param("The network's transaction id (1..100): once per account and status"),
    amount: Param('Decimal amount (up to 6 decimals) in `currency`, else the account currency'),
    amount_micros: Param('Or the amount as integer micros'),
    currency: Param('ISO 4217 code'),
    click_id: Param('Our request id (the served URL’s click id parameter)'),
    status: Param('credit (default) | reversal'),
    offer_id: Param('An offer of the account (offerwall)'),
    user_id: Param('The participant’s user id (offerwall)'),
    sig: Param('Hex HMAC-SHA256(secret, the other parameters sorted by key as key=value joined by &)'),
  },
  { additionalProperties: true },
);
const Answer = Type.Object({
  accepted: Type.Boolean(),
  duplicate: Type.Boolean({ description: 'This (account, txid, status) was booked before: nothing changed' }),
});

// The raw text of a POST body, for `X-Signature` (HMAC over the body as sent).
const rawBodies = new WeakMap<FastifyRequest, string>();

function formParams(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const previous = out[key];
    out[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return out;
}

/**
 * The parameters as text (a JSON body's numbers and booleans as their JSON text), or null when
 * one is not a single value (a list, an object: nothing a network sends).
 */
function textParams(source: unknown): PostbackParams | null {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return null;
  const out: PostbackParams = {};
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
    else if (value === null) out[key] = '';
    else return null;
  }
  return out;
}

/**
 * The ad networks' postbacks (server-to-server, public): `GET|POST /api/ads/v1/postback/:accountId`.
 * Refused (403 `ads.postbackRefused`) unless the caller's address is allowed and the signature
 * is the account secret's; each refusal, duplicate and booking is logged in `ad_postbacks`.
 */
export const postbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // This plugin's own body parsers (encapsulated): JSON, form and text bodies are kept raw too.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'text/plain', 'application/x-www-form-urlencoded'],
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (request, body, done) => {
      const text = body as string;
      rawBodies.set(request, text);
      if (text.trim() === '') return done(null, undefined);
      const type = String(request.headers['content-type'] ?? '');
      if (/x-www-form-urlencoded/i.test(type)) return done(null, formParams(text));
      try {
        done(null, JSON.parse(text));
      } catch {
        // A broken body is refused by the handler as 'invalid' (and logged), not by the parser.
        done(null, text);
      }
    },
  );

  const handle = async (request: FastifyRequest<{ Params: { accountId: string } }>, source: unknown) => {
    const db = app.ctx.db;
    const now = app.ctx.now();
    const account = await loadIncomeAccount(db, request.params.accountId);
    if (!account) {
      // Nothing to log it under (the log belongs to an account).
      request.log.warn(
        { accountId: request.params.accountId, ip: request.ip },
        'postback for an unknown account',
      );
      throw new AppError('ads.postbackRefused', {
        params: { reason: 'unknownAccount' },
        data: { reason: 'unknownAccount' },
      });
    }
    const params = textParams(source);
    const entry = {
      projectId: account.projectId,
      accountId: account.id,
      time: now.toISOString(),
      ip: request.ip,
      txid: loggedTxid(params?.txid),
    };
    const refuse = async (reason: Exclude<RefusalReason, 'invalid' | 'unknownTransaction'>) => {
      await logPostback(db, { ...entry, outcome: 'refused', reason });
      return new AppError('ads.postbackRefused', { params: { reason }, data: { reason } });
    };
    if (!addressAllowed(request.ip, account.allowedIps)) throw await refuse('address');
    const header = request.headers['x-signature'];
    const signed = postbackSigned({
      secret: account.secret,
      params: params ?? {},
      rawBody: rawBodies.get(request),
      header: typeof header === 'string' && request.method === 'POST' ? header : undefined,
    });
    if (!signed) throw await refuse('signature');

    const read = params ? readIncomeInput(params) : null;
    if (!read?.input) {
      await logPostback(db, { ...entry, outcome: 'refused', reason: 'invalid' });
      const prefix = request.method === 'GET' ? '/querystring' : '';
      const problems = read?.problems ?? [{ field: '', key: 'type.object' }];
      throw new AppError('validation', {
        errors: (lang) =>
          problems.map((p) => ({
            path: p.field ? `${prefix}/${p.field}` : '',
            message: validationMessage(p.key, lang, p.params),
          })),
      });
    }
    const input = read.input;
    // A click id served moments ago may still be counted only in a serve queue (this server's,
    // written now, or another's, written within its interval): outside the transaction, so the
    // income finds its request.
    if (input.clickId)
      await resolveRequest(db, input.clickId, {
        projectId: account.projectId,
        queue: app.adsServing.queue,
        now: () => app.ctx.now().getTime(),
      });
    const outcome = await db.transaction().execute(async (trx) => {
      const zone = await rollupTimeZone(trx, account.projectId);
      const settings = await incomeSettings(trx, account.projectId);
      const stored = await storeIncome(trx, account, input, {
        source: 'postback',
        day: localDayNumber(now.getTime(), zone),
        time: entry.time,
        now: entry.time,
        offerwallCurrency: settings.offerwallCurrency,
      });
      if (stored !== 'unknownTransaction') await logPostback(trx, { ...entry, outcome: stored });
      return stored;
    });
    if (outcome === 'unknownTransaction') {
      await logPostback(db, { ...entry, outcome: 'refused', reason: 'unknownTransaction' });
      throw new AppError('ads.unknownTransaction', { params: { txid: input.txid } });
    }
    return ok({ accepted: true, duplicate: outcome === 'duplicate' });
  };

  const schema = {
    tags: ['ads income'],
    params: Type.Object({ accountId: Id }),
    response: { 200: Envelope(Answer), ...errorResponses(400, 403, 404, 413, 415) },
  };
  app.get(
    URL,
    {
      onSend: allowAnyOrigin,
      schema: {
        ...schema,
        summary: "An ad network's postback (signed parameters in the query string)",
        querystring: Params,
      },
    },
    async (request) => handle(request, request.query),
  );
  app.post(
    URL,
    {
      onSend: allowAnyOrigin,
      bodyLimit: BODY_LIMIT,
      schema: {
        ...schema,
        summary:
          "An ad network's postback: JSON or form body (signed by `sig`, or X-Signature: sha256=<hex HMAC of the raw body>); an empty body reads the query string",
        querystring: Params,
        body: Type.Unknown({ description: 'The parameters (JSON object or form)' }),
      },
    },
    async (request) => handle(request, request.body === undefined ? request.query : request.body),
  );
  preflightRoutes(app, [URL], { methods: 'GET, POST', headers: 'content-type, x-signature, x-lang' });
};
