import type { RequestClient } from '../../api/createRequestClient';
import { RequestError } from '../../api/RequestError';
import { browserStore } from '../../session/browserStore';

export type UploadKind = 'image' | 'video' | 'audio';

/** What `POST /api/uploads` answers (docs/campaigns.md, Uploads). */
export interface UploadedFile {
  url: string;
  width?: number;
  height?: number;
  size: number;
  mime: string;
}

/** Accepted extensions per kind; gif only where the field allows it. */
export function acceptedExtensions(kind: UploadKind, allowGif = false): string[] {
  if (kind === 'video') return ['mp4', 'mov'];
  if (kind === 'audio') return ['m4a', 'mp3'];
  return allowGif ? ['jpg', 'jpeg', 'png', 'gif'] : ['jpg', 'jpeg', 'png'];
}

interface Envelope {
  code?: number;
  msg?: string;
  data?: unknown;
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  try {
    return (await response.json()) as Envelope;
  } catch {
    return null;
  }
}

/** Size limits per kind (docs/campaigns.md, Uploads), checked before sending. */
export const UPLOAD_LIMITS: Record<UploadKind, { bytes: number; label: string }> = {
  image: { bytes: 2 * 1024 * 1024, label: '2 MB' },
  video: { bytes: 50 * 1024 * 1024, label: '50 MB' },
  audio: { bytes: 10 * 1024 * 1024, label: '10 MB' },
};

/**
 * Uploads one file as multipart to `POST /api/uploads?kind=&gif=` with the session's headers. The JSON request
 * client cannot send multipart, so this mirrors its headers and envelope handling; the server
 * checks type and size again by the file's bytes.
 */
export async function uploadFile(
  client: RequestClient,
  file: File,
  kind: UploadKind,
  allowGif = false,
): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  const headers: Record<string, string> = { 'X-Lang': client.lang, Accept: 'application/json' };
  const token = browserStore.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (client.projectId) headers['X-Project-Id'] = client.projectId;
  const query = `kind=${kind}${kind === 'image' && allowGif ? '&gif=1' : ''}`;
  const response = await fetch(`/api/uploads?${query}`, { method: 'POST', headers, body });
  const envelope = await readEnvelope(response);
  if (!response.ok || !envelope || envelope.code !== 0) {
    const data = (envelope?.data ?? {}) as { error?: string };
    throw new RequestError(envelope?.msg || response.statusText, {
      status: response.status,
      code: envelope?.code ?? response.status,
      key: data.error,
    });
  }
  return envelope.data as UploadedFile;
}
