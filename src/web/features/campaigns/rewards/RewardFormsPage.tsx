import { useState } from 'react';
import { Badge, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityFormModal } from './EntityFormModal';
import { EntityListPage } from './EntityListPage';
import type { RewardFormRow } from './entityTypes';
import { SubmissionsDrawer } from './SubmissionsDrawer';

/** rewardFormManage: forms winners fill in (delivery details), with their pending and submitted entries. */
export function RewardFormsPage() {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<RewardFormRow | null>(null);
  return (
    <>
      <EntityListPage<RewardFormRow>
        title={t('menu:page.rewardForms')}
        description={t('rewards:form.description')}
        createLabel={t('rewards:form.create')}
        endpoint="/api/reward-forms"
        testId="form-table"
        emptyText={t('rewards:form.empty')}
        loadFailedText={t('rewards:common.loadFailed')}
        deleteTitle={t('rewards:form.deleteTitle')}
        deleteConfirm={(row) => t('rewards:form.deleteConfirm', { name: row.title })}
        columns={[
          { title: t('rewards:form.title'), dataIndex: 'title' },
          {
            title: t('rewards:form.items'),
            key: 'items',
            render: (_value, row) => (Array.isArray(row.config?.items) ? row.config.items.length : 0),
          },
          {
            title: t('rewards:form.submissions'),
            key: 'counts',
            render: (_value, row) => (
              <Space size="middle">
                <Badge status="warning" text={`${t('rewards:form.state.pending')} ${row.pending ?? 0}`} />
                <Badge status="success" text={`${t('rewards:form.state.submitted')} ${row.submitted ?? 0}`} />
              </Space>
            ),
          },
        ]}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setViewing(row)}>
            {t('rewards:form.submissions')}
          </Button>
        )}
        renderForm={(props) => (
          <EntityFormModal
            {...props}
            entity="form"
            endpoint="/api/reward-forms"
            title={t(props.row ? 'rewards:form.edit' : 'rewards:form.create')}
          />
        )}
      />
      <SubmissionsDrawer key={viewing?.id} form={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
