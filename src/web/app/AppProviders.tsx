import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, message } from 'antd';
import { antdLocaleOf } from '../i18n/initI18n';
import { notifier } from '../session/notifier';
import { useSession } from '../session/useSession';
import { consoleTheme } from './consoleTheme';
import { useReducedMotion } from './useReducedMotion';

/**
 * antd theme and locale follow the session, animations the system's reduced-motion setting;
 * toasts from outside React go through this holder.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { lng, themeColor } = useSession();
  const reducedMotion = useReducedMotion();
  const [messageApi, holder] = message.useMessage({ maxCount: 3 });

  useEffect(() => {
    notifier.set({
      error: (text) => void messageApi.error(text),
      success: (text) => void messageApi.success(text),
    });
  }, [messageApi]);

  useEffect(() => {
    // NProgress and plain CSS read the theme colour from here.
    document.documentElement.style.setProperty('--gc-primary', themeColor);
  }, [themeColor]);

  return (
    <ConfigProvider locale={antdLocaleOf(lng)} theme={consoleTheme(themeColor, !reducedMotion)}>
      {holder}
      {children}
    </ConfigProvider>
  );
}
