import type { RequestClient } from '../../api/createRequestClient';
import { RequestError } from '../../api/RequestError';
import { browserStore } from '../../session/browserStore';

export type UploadKind = 'image' | 'video' | 'audio';

/** What `POST /api/uploads` answers (DESIGN.md, Uploads). */
export interface UploadedFile {
  url: string;
  width?: number;
  height?: number;
  size: number;
  mime: string;
}

/** Accepted extensions per kind (SPEC 5); gif only where the field allows it. */
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

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Uploads one file as multipart (`file`, `kind`) with the session's headers. The JSON request
 * client cannot send multipart, so this mirrors its headers and envelope handling; the server
 * checks type and size again by the file's bytes.
 */
export async function uploadFile(client: RequestClient, file: File, kind: UploadKind): Promise<UploadedFile> {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file, file.name);
  const headers: Record<string, string> = { 'X-Lang': client.lang, Accept: 'application/json' };
  const token = browserStore.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (client.projectId) headers['X-Project-Id'] = client.projectId;
  const response = await fetch('/api/uploads', { method: 'POST', headers, body });
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
