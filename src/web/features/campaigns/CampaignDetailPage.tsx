import { Button, Card, Col, Result, Row, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { useSession } from '../../session/useSession';
import { CampaignChannelsCard } from './CampaignChannelsCard';
import { CouponPoolsCard } from './CouponPoolsCard';
import { PredictResultsCard } from './predict/PredictResultsCard';
import { CampaignZoneContext } from './report/campaignClock';
import { CampaignDetailHeader } from './CampaignDetailHeader';
import type { CampaignCommand } from './campaignCommands';
import { routePath } from './campaignPaths';
import type { CampaignDetail, CampaignSummary } from './campaignTypes';
import { CampaignSummaryCard } from './CampaignSummaryCard';
import { freshQuery } from './freshQuery';
import type { CampaignReport } from './reportTypes';
import { entryText } from './schemaEntryTypes';
import { StatusHistoryCard } from './StatusHistoryCard';
import { useCampaign } from './useCampaign';
import { useCampaignCommands } from './useCampaignCommands';
import { useCanEdit } from '../../app/useCanEdit';
import { useSchemaEntries } from './useSchemaEntries';

/** The list a campaign belongs in: sub-activities, ads campaigns or campaigns. */
function listOf(area?: string, kind?: string) {
  return kind === 'sub-activity' ? 'subActivities' : area === 'ads' ? 'adsCampaigns' : 'campaigns';
}

/** The campaign's pages: edit the page and its languages (gameplays), PC adaptation, and its link. */
function CampaignPagesCard({
  campaign,
  onCommand,
}: {
  campaign: CampaignDetail;
  onCommand(command: CampaignCommand, campaign: CampaignSummary): void;
}) {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const navigate = useNavigate();
  return (
    <Card title={t('campaigns:detail.pages')}>
      <Space wrap>
        {campaign.kind === 'gameplay' && (
          <Button
            type="primary"
            data-testid="edit-page"
            onClick={() => navigate(routePath('campaignPageEditor', projectId, { id: campaign.id }))}
          >
            {t('campaigns:pageEditor.editPage')}
          </Button>
        )}
        {campaign.kind === 'gameplay' && (
          <Button onClick={() => onCommand('languages', campaign)}>{t('campaigns:command.languages')}</Button>
        )}
        <Button
          onClick={() =>
            navigate(`${routePath('campaignPcAdaptation', projectId)}?id=${encodeURIComponent(campaign.id)}`)
          }
        >
          {t('menu:page.campaignPcAdaptation')}
        </Button>
        <Button onClick={() => onCommand('link', campaign)}>{t('campaigns:command.link')}</Button>
      </Space>
    </Card>
  );
}

/** campaignDetail: summary, status history, channels and links of one campaign. */
export function CampaignDetailPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const { projectId } = useSession();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const { data: campaign, error } = useCampaign(id);
  const { data: report, isLoading: reportLoading } = useSWR<CampaignReport>(
    campaign ? `/api/campaigns/${encodeURIComponent(id)}/report` : null,
    freshQuery,
  );
  const { entries, nameOf } = useSchemaEntries(campaign?.kind ?? 'gameplay');
  const { run, dialogs } = useCampaignCommands({
    onDeleted: (deleted) => navigate(routePath(listOf(deleted.area, deleted.kind), projectId)),
  });

  if (error)
    return (
      <Result
        status="404"
        title={t('campaigns:detail.notFound')}
        extra={
          <Button onClick={() => navigate(routePath('campaigns', projectId))}>
            {t('campaigns:detail.back')}
          </Button>
        }
      />
    );
  if (!campaign)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );

  const entry = entries.find((candidate) => candidate.mark === campaign.mark);
  const template = entry?.templates.find((candidate) => candidate.name === campaign.templateMark);
  return (
    <div className="gc-page">
      <CampaignDetailHeader campaign={campaign} canEdit={canEdit} onCommand={run} />
      <CampaignSummaryCard
        campaign={campaign}
        typeName={nameOf(campaign.mark)}
        templateName={template ? entryText(entry, template.title, i18n.language) : campaign.templateMark}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <StatusHistoryCard history={report?.history} loading={reportLoading} />
        </Col>
        <Col xs={24} lg={12}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <CampaignChannelsCard campaign={campaign} onManage={() => run('channels', campaign)} />
            {campaign.mark === 'match-prediction' ? (
              <CampaignZoneContext.Provider value={campaign.timezone ?? null}>
                <PredictResultsCard campaign={campaign} />
              </CampaignZoneContext.Provider>
            ) : null}
            <CouponPoolsCard campaign={campaign} />
            <CampaignPagesCard campaign={campaign} onCommand={run} />
          </Space>
        </Col>
      </Row>
      {dialogs}
    </div>
  );
}
