import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { useSession } from '../../session/useSession';
import { routePath } from './campaignPaths';
import type { CampaignDetail } from './campaignTypes';

/** The activity a sub-activity is bound to, by title, linking to its detail page. */
export function BoundCampaignLink({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const { data, error } = useSWR<CampaignDetail>(id ? `/api/campaigns/${encodeURIComponent(id)}` : null);
  if (!id) return <Typography.Text type="secondary">{t('campaigns:sub.unbound')}</Typography.Text>;
  if (error) return <Typography.Text type="secondary">{t('campaigns:sub.boundMissing')}</Typography.Text>;
  return <Link to={routePath('campaignDetail', projectId, { id })}>{data?.title ?? id}</Link>;
}
