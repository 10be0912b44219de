import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { antdLocaleOf } from '../i18n/initI18n';
import { useSession } from '../session/useSession';
import { consoleTheme } from './consoleTheme';
import { useReducedMotion } from './useReducedMotion';

// Nothing to show until a toast is asked for, so it is fetched after the first paint. A failed
// fetch costs the toasts (they wait in the notifier), never the console around them.
const ToastHolder = lazy<ComponentType>(() =>
  import('./ToastHolder').then(
    (module) => ({ default: module.ToastHolder }),
    () => ({ default: () => null }),
  ),
);

/**
 * antd theme and locale follow the session, animations the system's reduced-motion setting;
 * toasts from outside React go through the toast holder.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { lng, themeColor } = useSession();
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    // NProgress and plain CSS read the theme colour from here.
    document.documentElement.style.setProperty('--gc-primary', themeColor);
  }, [themeColor]);

  return (
    <ConfigProvider locale={antdLocaleOf(lng)} theme={consoleTheme(themeColor, !reducedMotion)}>
      <Suspense fallback={null}>
        <ToastHolder />
      </Suspense>
      {children}
    </ConfigProvider>
  );
}
