import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { allowAnyOrigin, preflightRoutes } from '../../http/cors';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { Id } from '../../http/fields';
import type { TypedApp } from '../../http/typedApp';
import { formParams, receivePostback, type PostbackCall } from './postbackService';

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

/** This plugin's own body parsers (encapsulated): JSON, form and text bodies are kept raw too. */
function rawBodyParsers(app: TypedApp) {
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
}

type PostbackRequest = FastifyRequest<{ Params: { accountId: string } }>;

/** Answers a postback whose parameters are `source`. */
async function handle(app: TypedApp, request: PostbackRequest, source: unknown) {
  const header = request.headers['x-signature'];
  const call: PostbackCall = {
    accountId: request.params.accountId,
    ip: request.ip,
    method: request.method,
    source,
    rawBody: rawBodies.get(request),
    signatureHeader: typeof header === 'string' && request.method === 'POST' ? header : undefined,
  };
  const answer = await receivePostback(app.ctx.db, call, {
    now: () => app.ctx.now(),
    queue: app.adsServing.queue,
    warnUnknownAccount: () =>
      request.log.warn({ accountId: call.accountId, ip: call.ip }, 'postback for an unknown account'),
  });
  return ok(answer);
}

const schema = {
  tags: ['ads income'],
  params: Type.Object({ accountId: Id }),
  response: { 200: Envelope(Answer), ...errorResponses(400, 403, 404, 413, 415) },
};

function getRoute(app: TypedApp) {
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
    async (request) => handle(app, request, request.query),
  );
}

function postRoute(app: TypedApp) {
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
    async (request) => handle(app, request, request.body === undefined ? request.query : request.body),
  );
}

/**
 * The ad networks' postbacks (server-to-server, public): `GET|POST /api/ads/v1/postback/:accountId`.
 * Refused (403 `ads.postbackRefused`) unless the caller's address is allowed and the signature
 * is the account secret's; each refusal, duplicate and booking is logged in `ad_postbacks`
 * (`receivePostback`, postbackService.ts).
 */
export const postbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  rawBodyParsers(app);
  getRoute(app);
  postRoute(app);
  preflightRoutes(app, [URL], { methods: 'GET, POST', headers: 'content-type, x-signature, x-lang' });
};
