import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

// The validation-only keywords mean nothing to OpenAPI readers: ajv-errors' `errorMessage` keys,
// `$data` references (password confirmation) and the engine's `singleLine` flag are left out of
// the document. Returns a copy;
// the route schemas themselves are never touched.
function forDocs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forDocs);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'errorMessage') continue;
    if (key === 'singleLine' && typeof child === 'boolean') continue;
    if (key === 'const' && child && typeof child === 'object' && '$data' in child) continue;
    out[key] = forDocs(child);
  }
  return out;
}

/** OpenAPI from the route schemas: the document at /api/docs/json, the browsable UI at /api/docs. */
export async function registerApiDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Growth Console API',
        version,
        description:
          'Every answer is { code, msg, data }; code 0 is success. Send X-Lang (zh-cn | en) for messages, ' +
          'Authorization: Bearer <token> after login, and X-Project-Id on project-scoped calls.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Token from /api/auth/login' },
        },
      },
    },
    // OpenAPI 3.1 has JSON Schema's `const`.
    convertConstToEnum: false,
    transformObject: (documents) =>
      forDocs('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject) as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
