import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCampaignTime } from '../report/campaignClock';
import { ExportButton } from '../report/ExportButton';
import { type PredictConsoleView } from './predictCard';
import { MatchPicks } from './MatchPicks';

/** A prediction's picks per option, results and settlement, as recorded (report page). */
export function PredictReportCard({
  predict,
  exportUrl,
}: {
  predict: PredictConsoleView;
  exportUrl: string;
}) {
  const formatTime = useCampaignTime();
  const { t } = useTranslation();
  const p = (key: string, params?: Record<string, unknown>) => t(`campaigns:predict.${key}`, params);
  return (
    <Card title={p('title')} extra={<ExportButton url={exportUrl} />} data-testid="report-predict">
      <Typography.Paragraph>{p('pickers', { count: predict.pickers })}</Typography.Paragraph>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {predict.matches.map((match) => (
          <div key={match.id}>
            <MatchPicks match={match} />
          </div>
        ))}
        {predict.settlement ? (
          <Typography.Text>
            {p('settledLine', {
              time: formatTime(predict.settlement.settledAt),
              count: predict.settlement.winners,
              qualified: predict.settlement.qualified,
            })}
          </Typography.Text>
        ) : null}
      </Space>
    </Card>
  );
}
