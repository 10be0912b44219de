import { mkdir, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { AppError, errorMessage, fieldError } from '../errors';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { refusedCharacter } from '../../engine/validation/unsafeValueIssues';
import { randomId } from '../db/randomId';
import { detectFileType } from './detectFileType';
import { imageSize } from './imageSize';
import { allowedTypes, UPLOAD_LIMITS, type UploadKind } from './uploadRules';

type Db = Kysely<Database>;

// Served names are exactly what we generate: a project id and a random base64url name with one of
// our extensions. Anything else (dots, slashes, encoded separators) cannot match and answers 404,
// so no path can leave DATA_DIR/uploads.
const PROJECT_PART = /^[A-Za-z0-9_-]{1,64}$/;
const FILE_PART = /^[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|mp4|mov|m4a|mp3)$/;

/** The refusal of a file over the kind's limit (at /file). */
export const uploadTooLarge = (kind: UploadKind) =>
  new AppError('upload.tooLarge', {
    params: { limit: UPLOAD_LIMITS[kind].label },
    errors: (lang) => [
      { path: '/file', message: errorMessage('upload.tooLarge', lang, { limit: UPLOAD_LIMITS[kind].label }) },
    ],
  });

/** One received file and who uploads it where. */
export interface NewUpload {
  projectId: string;
  userId: string;
  kind: UploadKind;
  /** The field accepts gif images. */
  gif: boolean;
  bytes: Buffer;
  /** The client's file name, if any (kept for display). */
  fileName: string | undefined;
  /** The reader stopped at the kind's limit. */
  truncated: boolean;
}

/**
 * Checks a received file by its content and stores it under `root/<project>/<random name>` with
 * its row: refused are a file name with control characters, a file over the kind's limit, an
 * empty file, and content that is none of the kind's allowed types (or an image without a
 * readable size). Answers the upload as the API shows it.
 */
export async function storeUpload(db: Db, root: string, input: NewUpload, now: Date) {
  const { kind, bytes } = input;
  // The file name is stored for display: no control characters (PostgreSQL cannot store NUL).
  const char = input.fileName ? refusedCharacter(input.fileName, 'singleLine') : undefined;
  if (char) {
    throw fieldError((lang) => [
      { path: '/file', message: validationMessage('controlCharacter', lang, { char }) },
    ]);
  }
  if (input.truncated || bytes.length > UPLOAD_LIMITS[kind].bytes) throw uploadTooLarge(kind);
  if (bytes.length === 0) throw new AppError('upload.noFile');
  const allowed = allowedTypes(kind, input.gif);
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
  const dir = join(root, input.projectId);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, fileName), bytes, { flag: 'wx' });
  const id = randomId();
  await db
    .insertInto('uploads')
    .values({
      id,
      project_id: input.projectId,
      kind,
      mime: detected.mime,
      size: bytes.length,
      width: size?.width ?? null,
      height: size?.height ?? null,
      file_name: fileName,
      original_name: input.fileName ? input.fileName.slice(0, 255) : null,
      created_by: input.userId,
      created_at: now.toISOString(),
    })
    .execute();
  return {
    id,
    url: `/uploads/${input.projectId}/${fileName}`,
    ...(size ? { width: size.width, height: size.height } : {}),
    size: bytes.length,
    mime: detected.mime,
  };
}

/**
 * The stored file of an upload and its type and length on disk; a name we did not generate, no
 * such row or no such file answers notFound.
 */
export async function uploadFile(db: Db, root: string, project: string, file: string) {
  if (!PROJECT_PART.test(project) || !FILE_PART.test(file)) throw new AppError('notFound');
  const row = await db
    .selectFrom('uploads')
    .select(['mime', 'size'])
    .where('project_id', '=', project)
    .where('file_name', '=', file)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  const path = join(root, project, file);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new AppError('notFound');
  return { path, mime: row.mime, size: info.size };
}
