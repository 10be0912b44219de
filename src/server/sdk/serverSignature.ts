import type { FastifyRequest } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { AppError } from '../errors';
import { projectApiSecret } from '../play/apiSecret';
import { sdkProject } from './requireAccessKey';

/** The headers a server-to-server call is signed with (the Standard Webhooks convention). */
export const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/**
 * Hook (`preValidation`, after `requireAccessKey` named the project) of the server-to-server
 * routes: the body must be signed with the project's API secret by the Standard Webhooks rule
 * (`webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`), the timestamp within
 * 5 minutes of this server's clock. The secret itself never travels, so a proxy or a log that sees
 * the request cannot reuse it for another body; a replay within the 5 minutes is absorbed by the
 * events' ids. Anything else answers 401 `serverSignatureInvalid`.
 */
export async function requireServerSignature(request: FastifyRequest): Promise<void> {
  const projectId = sdkProject(request);
  const secret = await projectApiSecret(request.server.ctx.db, projectId);
  const headers = Object.fromEntries(SIGNATURE_HEADERS.map((name) => [name, header(request, name)]));
  try {
    new Webhook(secret).verify(request.rawBody ?? '', headers);
  } catch {
    throw new AppError('serverSignatureInvalid');
  }
}
