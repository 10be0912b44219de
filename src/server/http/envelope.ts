import { Type, type TSchema } from 'typebox';

/** The success envelope around a route's data, as a schema (for serialization and OpenAPI). */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Literal(0), msg: Type.String(), data });
}

/** The error envelope every failing answer carries. */
export const ErrorEnvelope = Type.Object(
  {
    code: Type.Integer(),
    msg: Type.String(),
    data: Type.Object(
      {
        error: Type.String(),
        errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
        retryAfterMinutes: Type.Optional(Type.Integer()),
      },
      { additionalProperties: true },
    ),
  },
  { description: 'Error answer: code is the HTTP status, msg localized by X-Lang' },
);

/** Wraps data in the success envelope. */
export function ok<T>(data: T): { code: 0; msg: string; data: T } {
  return { code: 0, msg: 'ok', data };
}

/** Standard error answers listed in the OpenAPI document for a route. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const status of statuses) out[status] = ErrorEnvelope;
  return out;
}
