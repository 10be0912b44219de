import type { RewardView } from '../api/playTypes';
import { useT } from '../i18n/texts';
import { useRewardForm } from './useRewardForm';
import { FormField } from './FormField';

interface Props {
  reward: RewardView;
  onSubmit(values: Record<string, string>): Promise<void>;
  onCancel(): void;
}

/** The reward form of a won prize: the winner fills it in once. */
export function RewardForm({ reward, onSubmit, onCancel }: Props) {
  const t = useT();
  const form = reward.form;
  const { values, problems, failure, busy, submit, change } = useRewardForm(form?.items ?? [], onSubmit);
  if (!form) return null;

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
        {form.items.map((item, i) => (
          <FormField
            key={item.label}
            item={item}
            index={i}
            value={values[item.label] ?? ''}
            problem={problems[item.label]}
            onChange={(value) => change(item.label, value)}
          />
        ))}
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
