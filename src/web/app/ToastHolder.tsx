import { useEffect } from 'react';
import { message } from 'antd';
import { notifier } from '../session/notifier';

/**
 * The console's toasts (antd message): plugs itself into the notifier, which shows what was asked
 * for before it arrived. A chunk of its own, loaded right after the first paint, so the sign-in
 * screen does not wait for antd's message and notification code.
 */
export function ToastHolder() {
  const [messageApi, holder] = message.useMessage({ maxCount: 3 });

  useEffect(() => {
    notifier.set({
      error: (text) => void messageApi.error(text),
      success: (text) => void messageApi.success(text),
    });
  }, [messageApi]);

  return holder;
}
