import type { DetectedType } from './detectFileType';

export type UploadKind = 'image' | 'video' | 'audio';

const MB = 1024 * 1024;

/** Images jpg/png (gif where the field allows) up to 2 MB; video mp4/mov; audio m4a/mp3. */
export const UPLOAD_LIMITS: Record<UploadKind, { bytes: number; label: string }> = {
  image: { bytes: 2 * MB, label: '2 MB' },
  video: { bytes: 50 * MB, label: '50 MB' },
  audio: { bytes: 10 * MB, label: '10 MB' },
};

/** The file types a kind accepts (gif only when the field allows it). */
export function allowedTypes(kind: UploadKind, gif: boolean): DetectedType['ext'][] {
  if (kind === 'image') return gif ? ['jpg', 'png', 'gif'] : ['jpg', 'png'];
  if (kind === 'video') return ['mp4', 'mov'];
  return ['m4a', 'mp3'];
}
