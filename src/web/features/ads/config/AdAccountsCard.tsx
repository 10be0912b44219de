import { useState } from 'react';
import { App, Button, Card, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/useSession';
import { AdsEntityModal } from '../AdsEntityModal';
import { AdsListTable } from '../AdsListTable';
import type { AdAccountRow } from '../adsTypes';
import { AdvancedOnly } from '../AdvancedOnly';
import { useAdsList } from '../useAdsList';
import { adAccountColumns } from './adAccountColumns';
import { AdAccountDrawer } from './AdAccountDrawer';
import { ImportIncomeModal } from './ImportIncomeModal';

const API = '/api/ads/accounts';

/**
 * The project's ad accounts (networks that pay for ads): list, details with the postback URL,
 * secret and log, and the editor from entity/ad-account. Every write of an account is for
 * advanced users; others open the details only.
 */
export function AdAccountsCard({ advanced }: { advanced: boolean | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const list = useAdsList<AdAccountRow>(API);
  const [form, setForm] = useState<{ open: boolean; row?: AdAccountRow }>({ open: false });
  const [opened, setOpened] = useState<AdAccountRow | null>(null);
  const [importing, setImporting] = useState<AdAccountRow | null>(null);
  // The list's fresher copy when there is one; the opened row while the list reloads.
  const shown = opened && (list.items.find((row) => row.id === opened.id) ?? opened);
  const disabled = advanced !== true;
  const path = (row: AdAccountRow) => `${API}/${encodeURIComponent(row.id)}`;

  const create = (testId: string) => (
    <AdvancedOnly advanced={advanced}>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        disabled={disabled}
        onClick={() => setForm({ open: true })}
        data-testid={testId}
      >
        {t('ads:accounts.create')}
      </Button>
    </AdvancedOnly>
  );

  return (
    <Card title={t('ads:accounts.title')} extra={create('ads-account-new')} data-testid="ads-accounts-card">
      <Typography.Paragraph type="secondary">{t('ads:accounts.description')}</Typography.Paragraph>
      <AdsListTable<AdAccountRow>
        list={list}
        rowKey="id"
        testId="ads-accounts-table"
        rowTestId={(row) => `ads-account-row-${row.id}`}
        emptyText={t('ads:accounts.empty')}
        emptyAction={advanced === true && create('ads-account-new-empty')}
        searchPlaceholder={t('ads:list.search')}
        scrollX={900}
        columns={adAccountColumns({
          t,
          advanced,
          open: setOpened,
          edit: (row) => setForm({ open: true, row }),
          remove: (row) => list.write(() => client.delete(path(row)), t('common:deleted')),
        })}
      />
      <AdsEntityModal
        open={form.open}
        title={t(form.row ? 'ads:accounts.edit' : 'ads:accounts.create')}
        entity="ad-account"
        formKey={form.row?.id ?? 'new'}
        initialData={form.row?.config}
        testId="ads-account-form"
        save={async (config) => {
          if (form.row) await client.put(path(form.row), config);
          else await client.post(API, config);
        }}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          void message.success(t(form.row ? 'common:updated' : 'common:created'));
          setForm({ open: false });
          void list.refresh();
        }}
      />
      <AdAccountDrawer
        account={shown}
        advanced={advanced}
        onClose={() => setOpened(null)}
        onRotate={(row) =>
          list.write(
            async () => setOpened(await client.post<AdAccountRow>(`${path(row)}/secret`)),
            t('ads:secret.rotated'),
          )
        }
        onImport={setImporting}
      />
      <ImportIncomeModal account={importing} onClose={() => setImporting(null)} />
    </Card>
  );
}
