// The OpenAPI schemas of the offerwall cash routes (cashRoutes).
import { Type } from 'typebox';
import { Envelope, errorResponses } from '../../http/envelope';
import { IdParams } from '../../http/fields';

const security = [{ bearer: [] }];
const tags = ['offerwall cash'];
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Micros = Type.Integer();
const CountMicros = Type.Object({ count: Type.Integer(), micros: Micros });
const WithdrawalStatus = Type.Enum(['pending', 'approved', 'rejected']);
const Nullable = Type.Union([Type.String(), Type.Null()]);
const WithdrawalRow = Type.Object({
  id: Type.String(),
  participantId: Type.String(),
  code: Type.String(),
  userId: Nullable,
  amountMicros: Micros,
  currency: Type.String(),
  method: Type.String(),
  account: Type.String({ description: 'Masked (ab****yz) unless the caller is an advanced user' }),
  status: WithdrawalStatus,
  note: Nullable,
  createdAt: Type.String(),
  reviewedAt: Nullable,
});
const Paging = {
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
};

export const OfferwallUsersSchema = {
  tags,
  security,
  summary:
    'Offerwall users: earned, reversed, withdrawn, pending and balance, the latest active first; q: user id or code',
  querystring: Type.Object({ ...Paging, q: Type.Optional(Type.String({ maxLength: 100 })) }),
  response: {
    200: Envelope(
      Type.Object({
        totals: Type.Object({
          users: Type.Integer(),
          earnedMicros: Micros,
          withdrawnMicros: Micros,
          balanceMicros: Micros,
          pendingMicros: Micros,
        }),
        items: Type.Array(
          Type.Object({
            participantId: Type.String(),
            code: Type.String(),
            userId: Nullable,
            earnedMicros: Micros,
            reversedMicros: Micros,
            withdrawnMicros: Micros,
            pendingMicros: Micros,
            balanceMicros: Micros,
            lastActivityAt: Type.String(),
          }),
        ),
        total: Type.Integer(),
        currency: Type.String({ description: 'The offerwall currency' }),
      }),
    ),
    ...errorResponses(400, 401, 403),
  },
};

export const CashOverviewSchema = {
  tags,
  security,
  summary:
    'Cash overview: balance held, withdrawals pending (now), approved and rejected (reviewed in the range), credits and withdrawals per local day (default the last 7 days)',
  querystring: Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) }),
  response: {
    200: Envelope(
      Type.Object({
        from: Type.String(),
        to: Type.String(),
        tz: Type.String(),
        currency: Type.String(),
        balanceMicros: Micros,
        pending: CountMicros,
        approved: CountMicros,
        rejected: CountMicros,
        series: Type.Array(
          Type.Object({ date: Type.String(), creditedMicros: Micros, withdrawnMicros: Micros }),
        ),
      }),
    ),
    ...errorResponses(400, 401, 403),
  },
};

export const WithdrawalsSchema = {
  tags,
  security,
  summary: 'Withdrawals, newest first (payout accounts masked unless the caller is an advanced user)',
  querystring: Type.Object({ ...Paging, status: Type.Optional(WithdrawalStatus) }),
  response: {
    200: Envelope(Type.Object({ items: Type.Array(WithdrawalRow), total: Type.Integer() })),
    ...errorResponses(400, 401, 403),
  },
};

export const ReviewWithdrawalSchema = {
  tags,
  security,
  summary: 'Approve or reject a pending withdrawal (advanced); a rejection returns the money to the balance',
  params: IdParams,
  body: Type.Object({
    decision: Type.Enum(['approve', 'reject']),
    note: Type.Optional(Type.String({ maxLength: 300 })),
  }),
  response: { 200: Envelope(WithdrawalRow), ...errorResponses(400, 401, 403, 404, 409) },
};
