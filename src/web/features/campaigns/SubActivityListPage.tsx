import { Button, Dropdown } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../session/useSession';
import { BoundCampaignLink } from './BoundCampaignLink';
import { routePath } from './campaignPaths';
import { CampaignListPage } from './CampaignListPage';
import { useSchemaEntries } from './useSchemaEntries';

/** sonActiveMenage: sub-activities with their bound activity; create picks the type first. */
export function SubActivityListPage() {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const navigate = useNavigate();
  const { entries, nameOf } = useSchemaEntries('sub-activity');
  return (
    <CampaignListPage
      area="growth"
      kind="sub-activity"
      titleKey="menu:page.subActivities"
      descriptionKey="campaigns:description.sub"
      extraColumns={[
        {
          title: t('campaigns:field.bound'),
          dataIndex: 'parentId',
          width: 140,
          render: (parentId: string | null) => <BoundCampaignLink id={parentId} />,
        },
      ]}
      create={
        <Dropdown
          trigger={['click']}
          disabled={entries.length === 0}
          menu={{
            items: entries.map((entry) => ({ key: entry.mark, label: nameOf(entry.mark) })),
            onClick: ({ key }) => navigate(routePath('subActivityCreate', projectId, { mark: key })),
          }}
        >
          <Button type="primary" icon={<PlusOutlined />}>
            {t('campaigns:sub.create')}
          </Button>
        </Dropdown>
      }
    />
  );
}
