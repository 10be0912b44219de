import { Type } from 'typebox';

// The offerwall's public answers (participant API), as the routes validate and document them.

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const WITHDRAWAL_METHODS = ['paypal', 'alipay', 'wechat', 'bank', 'other'] as const;
export const USER_ID_PATTERN = '^[A-Za-z0-9_.@-]{1,64}$';

export const OfferwallParticipantSchema = Type.Object({ code: Type.String(), userId: Type.String() });

export const SessionBody = Type.Object({
  projectId: Type.String({ minLength: 1, maxLength: 64 }),
  userId: Type.Optional(Type.String({ pattern: USER_ID_PATTERN })),
  exp: Type.Optional(Type.Integer({ description: 'Unix seconds, at most 24 h ahead' })),
  sig: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 128,
      description: 'base64url(HMAC-SHA256(project API secret, "offerwall.<projectId>.<userId>.<exp>"))',
    }),
  ),
  appToken: Type.Optional(
    Type.String({ minLength: 1, maxLength: 2048, description: "The app's token for the token callback" }),
  ),
});

export const SessionAnswer = Type.Object({ token: Type.String(), participant: OfferwallParticipantSchema });

export const OfferSchema = Type.Object({
  accountId: Type.String(),
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  rewardMicros: Type.Integer(),
  iconUrl: Nullable(Type.String()),
});

export const LedgerSchema = Type.Object({
  id: Type.String(),
  kind: Type.Enum(['credit', 'reversal', 'withdrawal', 'returned']),
  amountMicros: Type.Integer({ description: 'Signed: withdrawals and reversals are negative' }),
  currency: Type.String(),
  offerId: Nullable(Type.String()),
  offerTitle: Nullable(Type.String()),
  createdAt: Type.String(),
});

export const WithdrawalSchema = Type.Object({
  id: Type.String(),
  amountMicros: Type.Integer(),
  currency: Type.String(),
  method: Type.Enum([...WITHDRAWAL_METHODS]),
  account: Type.String({ description: 'Masked (ab****yz)' }),
  status: Type.Enum(['pending', 'approved', 'rejected']),
  note: Nullable(Type.String()),
  createdAt: Type.String(),
  reviewedAt: Nullable(Type.String()),
});

export const OfferwallAnswer = Type.Object({
  participant: OfferwallParticipantSchema,
  currency: Type.String(),
  balanceMicros: Type.Integer(),
  minWithdrawalMicros: Type.Integer(),
  offers: Type.Array(OfferSchema),
  ledger: Type.Array(LedgerSchema),
  withdrawals: Type.Array(WithdrawalSchema),
});

export const WithdrawalBody = Type.Object({
  amountMicros: Type.Integer({
    minimum: 1,
    maximum: 9e15,
    description: 'Integer micros of the offerwall currency',
  }),
  method: Type.Enum([...WITHDRAWAL_METHODS]),
  account: Type.String({ minLength: 1, maxLength: 100, singleLine: true }),
});
