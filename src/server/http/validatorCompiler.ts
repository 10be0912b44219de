import type { FastifySchemaCompiler } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../engine/validation/createAjv';
import { singleLine } from '../../engine/validation/keywords/singleLine';

// Bodies are checked strictly as sent; query strings and path params arrive as text, so they
// are coerced to the schema's types first. Names, titles and ids say `singleLine: true`.
const keywords = [singleLine];
const bodyAjv = createAjv({ ajv: { coerceTypes: false, useDefaults: true }, keywords });
const textAjv = createAjv({ ajv: { coerceTypes: 'array', useDefaults: true }, keywords });

/** Fastify validator compiler over the engine's ajv factory. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  const validate: ValidateFunction = ajv.compile(schema as object);
  return validate;
};
