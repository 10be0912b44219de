import type { RequestClient } from '../../api/createRequestClient';
import { browserStore } from '../../session/browserStore';
import type { Config } from '../../schema-form/schemaEntry';

/** Unsaved wizard progress (docs/campaigns.md, "Wizard drafts"), per user and project. */
export interface Draft {
  id: string;
  area: string;
  kind: string;
  mark: string;
  templateMark: string | null;
  campaignId: string | null;
  step: string;
  config: Config;
  updatedAt?: string;
  createdAt?: string;
}

export interface DraftInput {
  area: string;
  kind: string;
  mark: string;
  templateMark: string;
  campaignId?: string;
  step: string;
  config: Config;
}

export function listDrafts(
  client: RequestClient,
  query: { area: string; kind: string; mark?: string },
): Promise<Draft[]> {
  return client.get<Draft[]>('/api/drafts', query, { silent: true });
}

export function saveDraft(client: RequestClient, draft: DraftInput): Promise<Draft> {
  return client.put<Draft>('/api/drafts', draft, { silent: true });
}

export function deleteDraft(client: RequestClient, id: string): Promise<unknown> {
  return client.delete(`/api/drafts/${encodeURIComponent(id)}`, undefined, { silent: true });
}

/**
 * Saves a draft while the tab closes: a keepalive fetch outlives the page (sendBeacon cannot send
 * the Authorization header). Fire and forget.
 */
export function saveDraftOnUnload(client: RequestClient, draft: DraftInput): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Lang': client.lang };
  const token = browserStore.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (client.projectId) headers['X-Project-Id'] = client.projectId;
  const body = JSON.stringify(draft);
  // keepalive bodies are capped at 64 KB by browsers; larger drafts rely on the periodic save.
  if (body.length > 60_000) return;
  void fetch('/api/drafts', { method: 'PUT', headers, body, keepalive: true }).catch(() => {});
}
