import { useState, type FormEvent } from 'react';
import type { FormItem } from '../api/playTypes';
import { PlayApiError } from '../api/playApi';
import { useT } from '../i18n/texts';
import { formProblems, sentValues, serverProblems } from './rewardFormFields';

/**
 * The reward form's values and its sending: the form's own checks first, then the values trimmed;
 * the server's field problems go under their fields and its message above the buttons.
 */
export function useRewardForm(
  items: FormItem[],
  onSubmit: (values: Record<string, string>) => Promise<void>,
) {
  const t = useT();
  const [values, setValues] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = formProblems(items, values, t);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSubmit(sentValues(items, values));
    } catch (error) {
      if (error instanceof PlayApiError && Object.keys(error.fields).length > 0)
        setProblems(serverProblems(error.fields));
      setFailure(error instanceof Error ? error.message : t('unexpected'));
    } finally {
      setBusy(false);
    }
  };

  const change = (label: string, value: string) => setValues((old) => ({ ...old, [label]: value }));
  return { values, problems, failure, busy, submit, change };
}
