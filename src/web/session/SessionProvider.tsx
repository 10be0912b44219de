import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createRequestClient } from '../api/createRequestClient';
import { changeLanguage } from '../i18n/initI18n';
import { languages } from '../i18n/languages';
import { appNavigation } from './appNavigation';
import { browserStore } from './browserStore';
import type { StoredLng, StoredUser } from './clientStore';
import { notifier } from './notifier';
import { NO_PROJECT } from './storageKeys';
import { SessionContext, type Session } from './SessionContext';

/** Holds the client-stored values as React state and the request client built from them. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [user, setUser] = useState<StoredUser | null>(() =>
    browserStore.hasLiveSession() ? browserStore.getUserInfo() : null,
  );
  const [lng, setLngState] = useState<StoredLng>(() => browserStore.getLng());
  const [projectId, setProjectIdState] = useState(() => browserStore.getProjectId());
  const [themeColor, setThemeColorState] = useState(() => browserStore.getThemeColor());

  const signOut = useCallback(() => {
    browserStore.clearSession();
    setUser(null);
  }, []);

  const client = useMemo(
    () =>
      createRequestClient({
        lang: languages[lng].header,
        projectId: projectId === NO_PROJECT ? null : projectId,
        getToken: () => browserStore.getToken(),
        texts: {
          loginExpired: t('common:request.loginExpired'),
          requestFailed: t('common:request.failed'),
          networkError: t('common:request.network'),
        },
        notifyError: (message) => notifier.error(message),
        onUnauthorized: () => {
          signOut();
          const { pathname, search } = window.location;
          if (pathname.startsWith('/login')) return;
          // Come back to the same screen after logging in again.
          const target = `${pathname}${search}`;
          appNavigation.go(target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`, {
            replace: true,
          });
        },
        getErrorTime: () => browserStore.getErrorTime(),
        setErrorTime: (time) => browserStore.setErrorTime(time),
      }),
    [lng, projectId, t, signOut],
  );

  const value = useMemo<Session>(
    () => ({
      user,
      lng,
      projectId,
      themeColor,
      client,
      signIn(token, expiresAt, nextUser) {
        browserStore.setSession(token, expiresAt, nextUser);
        setUser(nextUser);
      },
      updateUser(nextUser) {
        browserStore.setUserInfo(nextUser);
        setUser(nextUser);
      },
      signOut,
      async setLng(next) {
        await changeLanguage(next);
        browserStore.setLng(next);
        setLngState(next);
      },
      setProjectId(id) {
        browserStore.setProjectId(id);
        setProjectIdState(id);
      },
      setThemeColor(color) {
        browserStore.setThemeColor(color);
        setThemeColorState(color);
      },
    }),
    [user, lng, projectId, themeColor, client, signOut],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
