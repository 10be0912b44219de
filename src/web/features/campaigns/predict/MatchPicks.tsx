import { Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { shares, type PredictConsoleView } from './predictCard';

/** One match: its title, the result when entered, and each option's picks with its share. */
export function MatchPicks({ match }: { match: PredictConsoleView['matches'][number] }) {
  const { t } = useTranslation();
  const parts = shares(match.options.map((o) => o.picks));
  return (
    <>
      <Typography.Text strong>{match.title}</Typography.Text>{' '}
      {match.result ? (
        <Tag color="green">
          {t('campaigns:predict.result')}: {match.options.find((o) => o.id === match.result)?.label}
        </Tag>
      ) : null}
      {match.options.map((option, i) => (
        <div key={option.id} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <span style={{ minWidth: 120 }}>{option.label}</span>
          <Progress percent={parts[i]} size="small" style={{ flex: 1, margin: 0 }} />
          <Typography.Text type="secondary">{option.picks}</Typography.Text>
        </div>
      ))}
    </>
  );
}
