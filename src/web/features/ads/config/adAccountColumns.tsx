import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteButton } from '../../../app/ConfirmDeleteButton';
import { formatTime } from '../../links/formatTime';
import type { AdAccountRow } from '../adsTypes';
import { AdvancedOnly } from '../AdvancedOnly';

interface AccountActionsInput {
  /** Whether the member works in advanced mode (undefined while the settings load). */
  advanced: boolean | undefined;
  /** The account's details: postback URL, secret and log. */
  open(row: AdAccountRow): void;
  edit(row: AdAccountRow): void;
  /** Deletes the account, after the member confirmed. */
  remove(row: AdAccountRow): unknown;
}

/** A row's details, edit and delete; edit and delete are for advanced users, shown disabled to others. */
function AccountActions({ row, advanced, open, edit, remove }: AccountActionsInput & { row: AdAccountRow }) {
  const { t } = useTranslation();
  const disabled = advanced !== true;
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => open(row)}>
        {t('ads:accounts.details')}
      </Button>
      <AdvancedOnly advanced={advanced}>
        <Button type="link" size="small" disabled={disabled} onClick={() => edit(row)}>
          {t('common:edit')}
        </Button>
      </AdvancedOnly>
      {advanced === true ? (
        <ConfirmDeleteButton
          title={t('ads:accounts.deleteTitle')}
          description={t('ads:accounts.deleteConfirm', { name: row.name })}
          onConfirm={() => remove(row)}
        />
      ) : (
        <AdvancedOnly advanced={advanced}>
          <Button type="link" size="small" danger disabled>
            {t('common:delete')}
          </Button>
        </AdvancedOnly>
      )}
    </Space>
  );
}

/** The ad account list's columns: name (opens the details), network, currency, offers, created, actions. */
export function adAccountColumns({
  t,
  advanced,
  open,
  edit,
  remove,
}: AccountActionsInput & { t: TFunction }): ColumnsType<AdAccountRow> {
  return [
    {
      title: t('ads:accounts.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(row)}>
          {name}
        </Button>
      ),
    },
    {
      title: t('ads:accounts.network'),
      dataIndex: 'network',
      width: 130,
      render: (network: string) => t(`ads:networks.${network}`, { defaultValue: network }),
    },
    { title: t('ads:accounts.currency'), dataIndex: 'currency', width: 110 },
    { title: t('ads:accounts.offers'), dataIndex: 'offerCount', width: 90, align: 'right' },
    { title: t('ads:list.createdAt'), dataIndex: 'createdAt', width: 160, render: formatTime },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      width: 220,
      render: (_value, row) => (
        <AccountActions row={row} advanced={advanced} open={open} edit={edit} remove={remove} />
      ),
    },
  ];
}
