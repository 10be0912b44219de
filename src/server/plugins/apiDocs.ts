import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/** OpenAPI from the route schemas: the document at /api/docs/json, the browsable UI at /api/docs. */
export async function registerApiDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
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
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
