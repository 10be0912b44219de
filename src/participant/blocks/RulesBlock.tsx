import type { BlockView } from '../api/playTypes';
import { useT } from '../i18n/texts';
import { usePage } from './PageContext';
import { textProp } from './safeValues';

/** The campaign's rules (bound to `rules`) in their colours. */
export function RulesBlock({ block }: { block: BlockView }) {
  const { campaign, editing } = usePage();
  const t = useT();
  const rules = campaign.page.rules;
  if (!rules?.text) return editing ? <p className="gp-block-empty">{t('blocks.noRules')}</p> : null;
  return (
    <section
      className="gp-card gp-rules"
      data-testid="rules"
      style={{ color: rules.textColor ?? undefined, background: rules.backgroundColor ?? undefined }}
    >
      <h2>{textProp(block.props.title) || t('rules')}</h2>
      <p>{rules.text}</p>
    </section>
  );
}
