import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session/useSession';
import { routePath } from './campaignPaths';
import { CampaignListPage } from './CampaignListPage';

/** campaignManagement: user-growth campaigns (gameplays). */
export function CampaignManagementPage() {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const navigate = useNavigate();
  return (
    <CampaignListPage
      area="growth"
      kind="gameplay"
      titleKey="menu:page.campaigns"
      descriptionKey="campaigns:description.growth"
      create={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate(routePath('campaignType', projectId))}
        >
          {t('campaigns:create')}
        </Button>
      }
    />
  );
}
