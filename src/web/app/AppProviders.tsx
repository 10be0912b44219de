import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, message } from 'antd';
import { antdLocaleOf } from '../i18n/initI18n';
import { notifier } from '../session/notifier';
import { useSession } from '../session/useSession';
import { consoleTheme } from './consoleTheme';

/** antd theme and locale follow the session; toasts from outside React go through this holder. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { lng, themeColor } = useSession();
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
    <ConfigProvider locale={antdLocaleOf(lng)} theme={consoleTheme(themeColor)}>
      {holder}
      {children}
    </ConfigProvider>
  );
}
