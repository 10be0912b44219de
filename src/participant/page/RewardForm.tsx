import { useState, type FormEvent } from 'react';
import type { FormItem, RewardView } from '../api/playTypes';
import { PlayApiError } from '../api/playApi';
import { useT, type T } from '../i18n/texts';

interface Props {
  reward: RewardView;
  onSubmit(values: Record<string, string>): Promise<void>;
  onCancel(): void;
}

// The same shapes the server checks (src/server/play/playRoutes.ts formValuesSchema).
const PHONE = /^\+?[0-9 ()-]{5,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const multiLine = (item: FormItem) => item.type === 'textarea' || item.type === 'address';

function problemOf(item: FormItem, value: string, t: T): string | null {
  const text = value.trim();
  if (!text) return item.required ? t('form.required', { label: item.label }) : null;
  if (item.type === 'email' && !EMAIL.test(text)) return t('form.email');
  if (item.type === 'phone' && !PHONE.test(text)) return t('form.phone');
  return null;
}

/** A JSON pointer's last segment, unescaped (`/values/a~1b` -> `a/b`). */
const pointerLabel = (path: string) =>
  path
    .replace(/^\/values\//, '')
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');

/** The reward form of a won prize: the winner fills it in once. */
export function RewardForm({ reward, onSubmit, onCancel }: Props) {
  const t = useT();
  const form = reward.form;
  const [values, setValues] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!form) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const item of form.items) {
      const problem = problemOf(item, values[item.label] ?? '', t);
      if (problem) found[item.label] = problem;
    }
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const sent = Object.fromEntries(
        form.items.map((item) => [item.label, (values[item.label] ?? '').trim()]),
      );
      await onSubmit(sent);
    } catch (error) {
      if (error instanceof PlayApiError && Object.keys(error.fields).length > 0) {
        setProblems(
          Object.fromEntries(Object.entries(error.fields).map(([path, m]) => [pointerLabel(path), m])),
        );
      }
      setFailure(error instanceof Error ? error.message : t('unexpected'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="gp-overlay">
      <form
        className="gp-dialog gp-form"
        role="dialog"
        aria-modal="true"
        aria-labelledby="gp-form-title"
        onSubmit={(event) => void submit(event)}
        noValidate
        data-testid="reward-form"
      >
        <h2 id="gp-form-title">{form.title || t('form.fill')}</h2>
        <p className="gp-form-prize">{reward.prizeName}</p>
        {form.items.map((item, i) => {
          const id = `gp-field-${i}`;
          const common = {
            id,
            name: item.label,
            value: values[item.label] ?? '',
            required: item.required,
            'aria-invalid': problems[item.label] ? true : undefined,
            'aria-describedby': problems[item.label] ? `${id}-problem` : undefined,
            onChange: (event: { target: { value: string } }) =>
              setValues((old) => ({ ...old, [item.label]: event.target.value })),
          };
          return (
            <div className="gp-field" key={item.label}>
              <label htmlFor={id}>
                {item.label}
                {item.required ? <span className="gp-required"> *</span> : null}
              </label>
              {multiLine(item) ? (
                <textarea {...common} rows={3} maxLength={500} />
              ) : (
                <input
                  {...common}
                  type={item.type === 'email' ? 'email' : item.type === 'phone' ? 'tel' : 'text'}
                  inputMode={item.type === 'phone' ? 'tel' : item.type === 'email' ? 'email' : undefined}
                  autoComplete={item.type === 'phone' ? 'tel' : item.type === 'email' ? 'email' : undefined}
                  maxLength={100}
                />
              )}
              {problems[item.label] ? (
                <p className="gp-problem" id={`${id}-problem`}>
                  {problems[item.label]}
                </p>
              ) : null}
            </div>
          );
        })}
        {failure ? (
          <p className="gp-problem" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="gp-dialog-actions">
          <button type="submit" className="gp-btn" disabled={busy} data-testid="reward-form-submit">
            {busy ? t('form.busy') : t('form.submit')}
          </button>
          <button type="button" className="gp-btn gp-btn-ghost" onClick={onCancel} disabled={busy}>
            {t('form.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
