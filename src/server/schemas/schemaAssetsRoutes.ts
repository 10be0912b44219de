import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../http/envelope';
import { AppError } from '../errors';
import {
  SCHEMA_ASSET_PATH,
  SCHEMA_ASSET_PREFIX,
  SCHEMA_ASSET_TYPES,
} from '../../engine/validation/schemaAssetUrl';

// An SVG opened on its own runs nothing and loads nothing; its inline styles still apply.
const ASSET_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * The artwork of the schema folders, read-only and public (participant pages and the console's
 * wizard show it): `GET /schema-assets/<path below schemas/>`, e.g.
 * `/schema-assets/gameplays/card-flipping/assets/card-back.svg` or `/schema-assets/_assets/gift.svg`.
 * Files come from the loaded registry (read from SCHEMAS_DIR with the folders, reloaded with them),
 * never from a path built from the request: anything that is not exactly an asset file answers 404.
 * A file is never changed in place (new art gets a new name), so answers are cached for a year.
 */
export const schemaAssetsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    `${SCHEMA_ASSET_PREFIX}*`,
    {
      schema: {
        tags: ['schemas'],
        summary:
          "A schema folder's artwork (schemas/_assets/<file>, schemas/<kind>/<mark>/assets/<file>): svg, png, jpg, webp; cached for a year",
        params: Type.Object({ '*': Type.String({ description: 'The path below schemas/' }) }),
        response: { ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      const assets = app.schemas.current().registry.assets ?? {};
      if (!SCHEMA_ASSET_PATH.test(path) || !Object.hasOwn(assets, path)) throw new AppError('notFound');
      const bytes = assets[path];
      return reply
        .header('content-type', SCHEMA_ASSET_TYPES[path.slice(path.lastIndexOf('.') + 1)])
        .header('content-length', bytes.length)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', ASSET_CSP)
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
    },
  );
};
