import type { FastifyRequest } from 'fastify';
import { normalizeLang, type Lang } from '../../engine/validation/lang';

/** The answer language chosen by `X-Lang` (zh-CN by default). */
export function requestLang(request: FastifyRequest): Lang {
  const header = request.headers['x-lang'];
  return normalizeLang(Array.isArray(header) ? header[0] : header);
}
