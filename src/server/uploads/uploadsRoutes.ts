import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import type { TypedApp } from '../http/typedApp';
import { AppError } from '../errors';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { UPLOAD_LIMITS, type UploadKind } from './uploadRules';
import { storeUpload, uploadFile, uploadTooLarge } from './uploadsService';

const UploadSchema = Type.Object({
  id: Type.String(),
  url: Type.String({ description: '/uploads/<project>/<file>' }),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  size: Type.Integer(),
  mime: Type.String(),
});

const ServeParams = Type.Object({
  project: Type.String({ description: 'Project id' }),
  file: Type.String({ description: 'Generated file name' }),
});

/** The request's one file part, read up to the kind's limit; multipart errors become refusals. */
async function receivedFile(request: FastifyRequest, kind: UploadKind) {
  if (!request.isMultipart()) throw new AppError('unsupportedMediaType');
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: UPLOAD_LIMITS[kind].bytes, files: 1 } });
    if (!part) throw new AppError('upload.noFile');
    const bytes = await part.toBuffer();
    return { bytes, fileName: part.filename || undefined, truncated: part.file.truncated };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') throw uploadTooLarge(kind);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupportedMediaType');
    throw error;
  }
}

function uploadRoute(app: TypedApp, root: string) {
  app.post(
    '/api/uploads',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags: ['uploads'],
        security: [{ bearer: [] }],
        summary:
          'Upload one file (multipart): image jpg/png (gif with gif=1) <= 2 MB, video mp4/mov, audio m4a/mp3',
        consumes: ['multipart/form-data'],
        querystring: Type.Object({
          kind: Type.Enum(['image', 'video', 'audio']),
          gif: Type.Optional(
            Type.Enum(['1', '0', 'true', 'false'], {
              description: '1: the field accepts gif (share thumbnail, question image)',
            }),
          ),
        }),
        response: { 200: Envelope(UploadSchema), ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const { kind, gif } = request.query;
      const file = await receivedFile(request, kind);
      const owner = { projectId: currentProject(request).id, userId: currentUser(request).id };
      const input = { ...owner, kind, gif: gif === '1' || gif === 'true', ...file };
      return ok(await storeUpload(app.ctx.db, root, input, app.ctx.now()));
    },
  );
}

function serveRoute(app: TypedApp, root: string) {
  app.get(
    '/uploads/:project/:file',
    {
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded file (public: participant pages show them); cached for a year',
        params: ServeParams,
        response: { ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { path, mime, size } = await uploadFile(
        app.ctx.db,
        root,
        request.params.project,
        request.params.file,
      );
      return reply
        .header('content-type', mime)
        .header('content-length', size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
        .header('cross-origin-resource-policy', 'same-site')
        .send(createReadStream(path));
    },
  );
}

/** Uploads of images, video and audio for campaign pages, checked by content (uploadsService); served publicly. */
export const uploadsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Registered inside this plugin: only the upload route parses multipart bodies; everywhere else
  // a multipart body still answers 415.
  await app.register(multipart, {
    limits: { files: 1, fields: 10, parts: 12, fileSize: UPLOAD_LIMITS.video.bytes },
  });
  const root = join(app.ctx.dataDir, 'uploads');
  uploadRoute(app, root);
  serveRoute(app, root);
};
