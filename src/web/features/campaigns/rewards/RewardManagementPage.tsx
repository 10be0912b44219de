import { Image, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityFormModal } from './EntityFormModal';
import { EntityListPage } from './EntityListPage';
import type { PrizeRow } from './entityTypes';
import { pickText } from './pickText';

const number = new Intl.NumberFormat();

/** rewardManagement: the prize library that gameplays pick prizes from. */
export function RewardManagementPage() {
  const { t, i18n } = useTranslation();
  const config = (row: PrizeRow) => row.config ?? {};
  return (
    <EntityListPage<PrizeRow>
      title={t('menu:page.rewards')}
      description={t('rewards:prize.description')}
      createLabel={t('rewards:prize.create')}
      endpoint="/api/prizes"
      testId="prize-table"
      emptyText={t('rewards:prize.empty')}
      loadFailedText={t('rewards:common.loadFailed')}
      deleteTitle={t('rewards:prize.deleteTitle')}
      deleteConfirm={(row) => t('rewards:prize.deleteConfirm', { name: row.name })}
      columns={[
        {
          title: t('rewards:prize.name'),
          key: 'name',
          render: (_value, row) => (
            <Space>
              {typeof config(row).image === 'string' && (
                <Image src={config(row).image as string} width={36} height={36} alt="" />
              )}
              <span>
                {pickText(config(row).name, i18n.language, config(row).defaultLanguage as string) || row.name}
              </span>
            </Space>
          ),
        },
        {
          title: t('rewards:prize.stock'),
          key: 'stock',
          render: (_value, row) =>
            config(row).unlimitedStock || config(row).isThank
              ? t('rewards:prize.unlimited')
              : typeof config(row).stock === 'number'
                ? number.format(config(row).stock as number)
                : '-',
        },
        {
          title: t('rewards:prize.delivery'),
          key: 'delivery',
          render: (_value, row) => {
            const delivery = config(row).deliveryType as string | undefined;
            return delivery ? t(`rewards:prize.deliveryType.${delivery}`, { defaultValue: delivery }) : '-';
          },
        },
        {
          title: t('rewards:prize.odds'),
          key: 'odds',
          render: (_value, row) => (typeof config(row).odds === 'number' ? `${config(row).odds}%` : '-'),
        },
        {
          title: t('rewards:prize.perUserMax'),
          key: 'perUserMax',
          render: (_value, row) => {
            const max = config(row).perUserMax;
            if (typeof max !== 'number') return '-';
            return max === 0 ? t('rewards:prize.unlimited') : number.format(max);
          },
        },
        {
          title: t('rewards:prize.userType'),
          key: 'userType',
          render: (_value, row) =>
            (config(row).userType as string | undefined) || t('rewards:prize.allUsers'),
        },
        {
          title: t('rewards:prize.flags'),
          key: 'flags',
          render: (_value, row) => (
            <Space size={[4, 4]} wrap>
              {!!config(row).isSuper && <Tag color="gold">{t('rewards:prize.super')}</Tag>}
              {!!config(row).isThank && <Tag>{t('rewards:prize.thank')}</Tag>}
              {typeof config(row).fragmentCount === 'number' && (
                <Tag color="purple">
                  {t('rewards:prize.fragments', { count: config(row).fragmentCount as number })}
                </Tag>
              )}
            </Space>
          ),
        },
      ]}
      renderForm={(props) => (
        <EntityFormModal
          {...props}
          entity="prize"
          endpoint="/api/prizes"
          title={t(props.row ? 'rewards:prize.edit' : 'rewards:prize.create')}
        />
      )}
    />
  );
}
