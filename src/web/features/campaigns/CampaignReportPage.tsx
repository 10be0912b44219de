import { Card, Col, Empty, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import { CampaignStatusTag } from './CampaignStatusTag';
import { formatCampaignTime } from './formatCampaignTime';
import { freshQuery } from './freshQuery';
import { ParticipationSection } from './ParticipationSection';
import type { CampaignReport } from './reportTypes';
import { StatusHistoryCard } from './StatusHistoryCard';
import { useCampaign } from './useCampaign';
import { CampaignZoneContext } from './report/campaignClock';
import { RiskReportCard } from './report/RiskReportCard';

/**
 * campaignReport / adsCampaignReport / subActivityReport: what the server has recorded for the
 * campaign: status history, reward form submissions, what its risk rules refused and, once people
 * take part, participation.
 */
export function CampaignReportPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: campaign } = useCampaign(id);
  const { data: report, error } = useSWR<CampaignReport>(
    id ? `/api/campaigns/${encodeURIComponent(id)}/report` : null,
    freshQuery,
  );

  // Every time of the report on the campaign's own clock, the one its players read.
  return (
    <CampaignZoneContext.Provider value={campaign?.timezone ?? null}>
      <div className="gc-page">
        <div className="gc-page-head">
          <div>
            <Space align="center" wrap>
              <Typography.Title level={3}>
                {campaign?.title ?? t('menu:page.campaignReport')}
              </Typography.Title>
              {campaign && (
                <CampaignStatusTag status={report?.status ?? campaign.status} campaign={campaign} />
              )}
            </Space>
            {campaign && (
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {t('campaigns:report.period', {
                  start: formatCampaignTime(campaign.startTime, campaign.timezone),
                  end: formatCampaignTime(campaign.endTime, campaign.timezone),
                  zone: campaign.timezone,
                })}
              </Typography.Text>
            )}
          </div>
        </div>
        {error ? (
          <Card>
            <Empty description={t('campaigns:report.loadFailed')} />
          </Card>
        ) : !report ? (
          <Card>
            <Skeleton active />
          </Card>
        ) : (
          <>
            <ParticipationSection
              participation={report.participation ?? { available: false }}
              campaignId={id}
            />
            <RiskReportCard campaignId={id} campaignTitle={campaign?.title ?? id} />
            <Row gutter={[16, 16]}>
              <Col xs={24} lg={12}>
                <StatusHistoryCard history={report.history} />
              </Col>
              <Col xs={24} lg={12}>
                <Card title={t('campaigns:report.forms')} data-testid="report-forms">
                  <Row gutter={16}>
                    <Col span={12}>
                      <Statistic
                        title={t('campaigns:report.formsPending')}
                        value={report.formSubmissions?.pending ?? 0}
                      />
                    </Col>
                    <Col span={12}>
                      <Statistic
                        title={t('campaigns:report.formsSubmitted')}
                        value={report.formSubmissions?.submitted ?? 0}
                      />
                    </Col>
                  </Row>
                </Card>
              </Col>
            </Row>
          </>
        )}
      </div>
    </CampaignZoneContext.Provider>
  );
}
