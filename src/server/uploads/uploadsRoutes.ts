import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { AppError, errorMessage, fieldError } from '../errors';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { refusedCharacter } from '../../engine/validation/unsafeValueIssues';
import { randomId } from '../db/randomId';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { detectFileType } from './detectFileType';
import { imageSize } from './imageSize';
import { allowedTypes, UPLOAD_LIMITS, type UploadKind } from './uploadRules';

const UploadSchema = Type.Object({
  id: Type.String(),
  url: Type.String({ description: '/uploads/<project>/<file>' }),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  size: Type.Integer(),
  mime: Type.String(),
});

// Served names are exactly what we generate: a project id and a random base64url name with one of
// our extensions. Anything else (dots, slashes, encoded separators) cannot match and answers 404,
// so no path can leave DATA_DIR/uploads.
const PROJECT_PART = /^[A-Za-z0-9_-]{1,64}$/;
const FILE_PART = /^[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|mp4|mov|m4a|mp3)$/;
const ServeParams = Type.Object({
  project: Type.String({ description: 'Project id' }),
  file: Type.String({ description: 'Generated file name' }),
});

const tooLarge = (kind: UploadKind) =>
  new AppError('upload.tooLarge', {
    params: { limit: UPLOAD_LIMITS[kind].label },
    errors: (lang) => [
      { path: '/file', message: errorMessage('upload.tooLarge', lang, { limit: UPLOAD_LIMITS[kind].label }) },
    ],
  });

/** Uploads of images, video and audio for campaign pages, checked by content; served publicly. */
export const uploadsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Registered inside this plugin: only the upload route parses multipart bodies; everywhere else
  // a multipart body still answers 415.
  await app.register(multipart, {
    limits: { files: 1, fields: 10, parts: 12, fileSize: UPLOAD_LIMITS.video.bytes },
  });
  const root = join(app.ctx.dataDir, 'uploads');

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
      const project = currentProject(request);
      const { kind, gif } = request.query;
      const limit = UPLOAD_LIMITS[kind];
      if (!request.isMultipart()) throw new AppError('unsupportedMediaType');
      let part: MultipartFile | undefined;
      let bytes: Buffer;
      try {
        part = await request.file({ limits: { fileSize: limit.bytes, files: 1 } });
        if (!part) throw new AppError('upload.noFile');
        bytes = await part.toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') throw tooLarge(kind);
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupportedMediaType');
        throw error;
      }
      // The file name is stored for display: no control characters (PostgreSQL cannot store NUL).
      const char = part.filename ? refusedCharacter(part.filename, 'singleLine') : undefined;
      if (char) {
        throw fieldError((lang) => [
          { path: '/file', message: validationMessage('controlCharacter', lang, { char }) },
        ]);
      }
      if (part.file.truncated || bytes.length > limit.bytes) throw tooLarge(kind);
      if (bytes.length === 0) throw new AppError('upload.noFile');
      const allowed = allowedTypes(kind, gif === '1' || gif === 'true');
      const types = allowed.join(', ');
      const detected = detectFileType(bytes);
      const size = detected?.kind === 'image' ? imageSize(bytes, detected.ext) : undefined;
      if (!detected || !allowed.includes(detected.ext) || (detected.kind === 'image' && !size)) {
        throw new AppError('upload.badType', {
          params: { types },
          errors: (lang) => [{ path: '/file', message: errorMessage('upload.badType', lang, { types }) }],
        });
      }

      const fileName = `${randomBytes(16).toString('base64url')}.${detected.ext}`;
      const dir = join(root, project.id);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, fileName), bytes, { flag: 'wx' });
      const id = randomId();
      await app.ctx.db
        .insertInto('uploads')
        .values({
          id,
          project_id: project.id,
          kind,
          mime: detected.mime,
          size: bytes.length,
          width: size?.width ?? null,
          height: size?.height ?? null,
          file_name: fileName,
          original_name: part.filename ? part.filename.slice(0, 255) : null,
          created_by: currentUser(request).id,
          created_at: app.ctx.now().toISOString(),
        })
        .execute();
      return ok({
        id,
        url: `/uploads/${project.id}/${fileName}`,
        ...(size ? { width: size.width, height: size.height } : {}),
        size: bytes.length,
        mime: detected.mime,
      });
    },
  );

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
      const { project, file } = request.params;
      if (!PROJECT_PART.test(project) || !FILE_PART.test(file)) throw new AppError('notFound');
      const row = await app.ctx.db
        .selectFrom('uploads')
        .select(['mime', 'size'])
        .where('project_id', '=', project)
        .where('file_name', '=', file)
        .executeTakeFirst();
      if (!row) throw new AppError('notFound');
      const path = join(root, project, file);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) throw new AppError('notFound');
      return reply
        .header('content-type', row.mime)
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
        .header('cross-origin-resource-policy', 'same-site')
        .send(createReadStream(path));
    },
  );
};
