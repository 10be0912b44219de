import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session/useSession';
import { routePath } from './campaignPaths';
import { CampaignListPage } from './CampaignListPage';

/** campaignMenage: web-to-app interactive ad campaigns, on the same gameplays and engine. */
export function AdsCampaignListPage() {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const navigate = useNavigate();
  return (
    <CampaignListPage
      area="ads"
      kind="gameplay"
      titleKey="menu:page.adsCampaigns"
      descriptionKey="campaigns:description.ads"
      create={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate(routePath('adsCampaignType', projectId))}
        >
          {t('campaigns:createAds')}
        </Button>
      }
    />
  );
}
