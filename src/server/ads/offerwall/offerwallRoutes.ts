import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../../http/envelope';
import { allowAnyOrigin, preflightRoutes } from '../../http/cors';
import { requestLang } from '../../http/requestLang';
import { deviceOf } from '../../redirect/deviceOf';
import { openOfferwallSession } from './openOfferwallSession';
import { offerwallCaller } from './offerwallParticipant';
import { offerwallView, withdrawalView } from './offerwallView';
import { openOffer } from './openOffer';
import { requestWithdrawal } from './requestWithdrawal';
import {
  OfferwallAnswer,
  SessionAnswer,
  SessionBody,
  WithdrawalBody,
  WithdrawalSchema,
} from './offerwallSchemas';

const BASE = '/api/ads/v1/offerwall';
const ROUTES = {
  sessions: `${BASE}/sessions`,
  page: BASE,
  open: `${BASE}/offers/:accountId/:offerId/open`,
  withdrawals: `${BASE}/withdrawals`,
};

/**
 * The offerwall's participant API: sessions from a signed hand-off or an app token,
 * the page data (balance, offers, history), opening an offer and withdrawal requests. Public
 * routes any origin may call (the customer's app or site hosts the page or calls them itself); the
 * participant session names the user and its project. The page itself is `GET /o/:projectId`
 * (offerwallPageRoutes.ts).
 */
export const offerwallRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['offerwall'];
  const { ctx } = app;
  preflightRoutes(app, Object.values(ROUTES), {
    methods: 'GET, POST',
    headers: 'authorization, content-type, idempotency-key, x-lang',
  });

  app.post(
    ROUTES.sessions,
    {
      onSend: allowAnyOrigin,
      schema: {
        tags,
        summary:
          'Open an offerwall session: signed hand-off (userId, exp, sig over "offerwall.<projectId>.<userId>.<exp>") or app token; anonymous visitors get none',
        body: SessionBody,
        response: { 200: Envelope(SessionAnswer), ...errorResponses(400, 401, 404, 502) },
      },
    },
    async (request) => {
      const os = deviceOf(request.headers['user-agent']).os;
      return ok(await openOfferwallSession(ctx, request.body, { os }));
    },
  );

  app.get(
    ROUTES.page,
    {
      onSend: allowAnyOrigin,
      schema: {
        tags,
        summary:
          "The participant's offerwall: balance, online offers in their language, latest ledger rows and withdrawals",
        querystring: Type.Object({
          projectId: Type.Optional(
            Type.String({ maxLength: 64, description: "When given, must be the session's project" }),
          ),
          lang: Type.Optional(Type.String({ maxLength: 35, description: 'Language of the offer texts' })),
        }),
        response: { 200: Envelope(OfferwallAnswer), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const caller = await offerwallCaller(ctx, request, request.query.projectId);
      const accept = request.headers['accept-language'];
      return ok(
        await offerwallView(ctx.db, caller, {
          queryLang: request.query.lang,
          acceptLanguage: typeof accept === 'string' ? accept : undefined,
        }),
      );
    },
  );

  app.post(
    ROUTES.open,
    {
      onSend: allowAnyOrigin,
      schema: {
        tags,
        summary:
          'Open an offer: records the click and answers its address with {user_id}, {offer_id} and {click_id} filled',
        params: Type.Object({
          accountId: Type.String({ maxLength: 64 }),
          offerId: Type.String({ maxLength: 64 }),
        }),
        response: {
          200: Envelope(Type.Object({ url: Type.String(), clickId: Type.String() })),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request) => {
      const caller = await offerwallCaller(ctx, request);
      return ok(await openOffer(ctx.db, caller, request.params.accountId, request.params.offerId));
    },
  );

  app.post(
    ROUTES.withdrawals,
    {
      onSend: allowAnyOrigin,
      schema: {
        tags,
        summary:
          'Request a withdrawal of the balance, once per Idempotency-Key (the same key answers the first withdrawal)',
        headers: Type.Object({
          'idempotency-key': Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\x21-\\x7E]+$' }),
        }),
        body: WithdrawalBody,
        response: { 200: Envelope(WithdrawalSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await offerwallCaller(ctx, request);
      const { amountMicros, method, account } = request.body;
      const key = request.headers['idempotency-key'];
      const row = await requestWithdrawal(ctx.db, caller, {
        key,
        amountMicros,
        method,
        account,
        lang: requestLang(request),
      });
      return ok(withdrawalView(row));
    },
  );
};
