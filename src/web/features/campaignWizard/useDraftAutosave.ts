import { useCallback, useEffect, useRef } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import type { RequestClient } from '../../api/createRequestClient';
import { saveDraft, saveDraftOnUnload, type DraftInput } from './draftApi';

/** How often unsaved progress is written while the wizard stays open. */
export const AUTOSAVE_MS = 20_000;

interface DraftAutosaveOptions {
  client: RequestClient;
  /** The draft to write now (config and step); `flush` takes text still in an input too. */
  draftOf(flush: boolean): DraftInput | null;
}

/**
 * Keeps wizard progress on the server, so unsaved progress survives leaving:
 * every AUTOSAVE_MS while something changed, on leaving the route (after a confirmation,
 * react-router's useBlocker), and on closing the tab (a keepalive PUT). `markDirty` after each
 * edit. Saving the campaign itself deletes its draft on the server, so around that save `hold`
 * stops new writes and waits for one under way (it would bring the draft back), then `finish`
 * (saved: leaving no longer asks) or `release` (refused: autosave goes on).
 */
export function useDraftAutosave({ client, draftOf }: DraftAutosaveOptions) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const dirty = useRef(false);
  const finished = useRef(false);
  const held = useRef(false);
  const writing = useRef<Promise<unknown>>(Promise.resolve());
  const draftOfRef = useRef(draftOf);
  useEffect(() => {
    draftOfRef.current = draftOf;
  });

  const markDirty = useCallback(() => {
    dirty.current = true;
  }, []);

  /** Writes the draft if something changed (or always with `force`); resolves whether it was written. */
  const saveNow = useCallback(
    async (flush: boolean, force = false): Promise<boolean> => {
      const draft = draftOfRef.current(flush);
      if (!draft || finished.current || held.current || (!dirty.current && !force)) return false;
      dirty.current = false;
      try {
        const write = saveDraft(client, draft);
        writing.current = write.catch(() => {});
        await write;
        return true;
      } catch {
        // Not saved: try again at the next occasion.
        dirty.current = true;
        return false;
      }
    },
    [client],
  );

  useEffect(() => {
    const timer = window.setInterval(() => void saveNow(false), AUTOSAVE_MS);
    return () => window.clearInterval(timer);
  }, [saveNow]);

  useEffect(() => {
    const onUnload = (event: BeforeUnloadEvent) => {
      if (finished.current || held.current) return;
      const draft = draftOfRef.current(true);
      if (!draft || !dirty.current) return;
      saveDraftOnUnload(client, draft);
      dirty.current = false;
      // Also ask the browser's own "leave site?" question.
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [client]);

  const shouldBlock = useCallback(
    ({
      currentLocation,
      nextLocation,
    }: {
      currentLocation: { pathname: string };
      nextLocation: { pathname: string };
    }) => !finished.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('wizard:leave.title'),
      content: t('wizard:leave.content'),
      okText: t('wizard:leave.ok'),
      cancelText: t('wizard:leave.cancel'),
      onOk: async () => {
        await saveNow(true);
        asking.current = false;
        blocker.proceed?.();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset?.();
      },
    });
  }, [blocker, modal, t, saveNow]);

  const hold = useCallback(async () => {
    held.current = true;
    await writing.current;
  }, []);

  const release = useCallback(() => {
    held.current = false;
  }, []);

  const finish = useCallback(() => {
    finished.current = true;
    dirty.current = false;
  }, []);

  return { markDirty, saveNow, hold, release, finish };
}
