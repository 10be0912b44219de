import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeLang } from '../../engine/validation/lang';
import { AppError, errorMessage, type ErrorKey } from '../errors';
import { errorBody } from './errorHandler';

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a path parameter over
 * `maxParamLength`, a URL that does not decode) answer the envelope instead of Fastify's raw
 * bodies, which echo the whole path.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const key: ErrorKey =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'uriTooLong'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'badRequest'
        : 'internal';
  if (key === 'internal') request.log.error({ err: error }, 'router error');
  else request.log.info({ code: error.code }, 'request refused by the router');
  const appError = new AppError(key);
  return reply.status(appError.status).send(errorBody(request, appError));
}

// What Node's parser refused, by its error code (everything else is a 400).
const CLIENT_ERRORS: Record<string, ErrorKey> = {
  HPE_HEADER_OVERFLOW: 'headersTooLarge',
  ERR_HTTP_REQUEST_TIMEOUT: 'requestTimeout',
  HPE_URI_TOO_LONG: 'uriTooLong',
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/**
 * Fastify's `clientErrorHandler` (Node's `clientError`): a request Node could not parse (headers
 * over `maxHeaderSize`, a malformed request line or header) never reaches Fastify, so the answer
 * is written on the socket here, still as the envelope. The language comes from an `X-Lang`
 * header in the bytes that did arrive, when there is one.
 */
export function clientErrorHandler(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const key = CLIENT_ERRORS[error.code ?? ''] ?? 'badRequest';
  const packet = error.rawPacket;
  const raw = Buffer.isBuffer(packet) ? packet.subarray(0, 64 * 1024).toString('latin1') : '';
  const lang = normalizeLang(/\r\nx-lang:[ \t]*([A-Za-z-]{1,10})/i.exec(raw)?.[1]);
  const status = new AppError(key).status;
  const body = JSON.stringify({ code: status, msg: errorMessage(key, lang), data: { error: key } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Bad Request'}\r\n` +
        'Connection: close\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
