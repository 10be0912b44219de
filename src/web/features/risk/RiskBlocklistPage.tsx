import { useState } from 'react';
import { Button, Card, Tabs, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { useCanEdit } from '../../app/useCanEdit';
import { AuditTable } from './AuditTable';
import { BlockFormModal } from './BlockFormModal';
import { BlocklistTable } from './BlocklistTable';
import { RISK_API } from './riskTypes';

/**
 * The project's risk blocklist (user ids, device ids, address ranges) and the audit trail of
 * risk decisions. Members who may edit add and remove entries; viewers read both.
 */
export function RiskBlocklistPage() {
  const { t } = useTranslation();
  const canEdit = useCanEdit();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  // Both lists change with every addition or removal (the audit trail records each).
  const refresh = () => mutate((key) => typeof key === 'string' && key.startsWith(RISK_API));

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.riskBlocklist')}</Typography.Title>
          <Typography.Text type="secondary">{t('risk:description')}</Typography.Text>
        </div>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
            {t('risk:form.add')}
          </Button>
        )}
      </div>
      <Card>
        <Tabs
          items={[
            {
              key: 'blocklist',
              label: t('risk:tabs.blocklist'),
              children: <BlocklistTable canEdit={canEdit} onChanged={refresh} />,
            },
            { key: 'audit', label: t('risk:tabs.audit'), children: <AuditTable /> },
          ]}
        />
      </Card>
      <BlockFormModal
        open={open}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void refresh();
        }}
      />
    </div>
  );
}
