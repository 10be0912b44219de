import { useState } from 'react';
import type { TaskView } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';

/** Opens a task's address: the app's own scheme in place, a web page beside this one. */
function open(url: string) {
  if (/^https?:\/\//i.test(url)) window.open(url, '_blank', 'noopener');
  else window.location.href = url;
}

/**
 * A task's go button, one at a time (`busy` is the task's id): a share task opens sharing, a
 * visit task counts the visit on the server first; then its address opens, when it has one.
 */
export function useTaskGo() {
  const t = useT();
  const page = usePage();
  const [busy, setBusy] = useState<string | null>(null);

  async function go(task: TaskView) {
    if (busy) return;
    if (task.event === 'share') {
      page.tap({ action: 'share', href: null, blockId: null });
      return;
    }
    if (task.event === 'visit') {
      setBusy(task.id);
      try {
        const result = await page.act<{ completions: number }>('go', { taskId: task.id });
        if (result.completions > 0) page.say(t('tasks.completed', { title: task.title }));
        // The page shows the new state (`me` of the answer) now.
        page.onLanded();
      } catch {
        // The page has said why.
        return;
      } finally {
        setBusy(null);
      }
    }
    if (task.goButton?.url) open(task.goButton.url);
  }

  return { busy, go };
}
