import { Image, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { PrizeRow } from './entityTypes';
import { pickText } from './pickText';

const number = new Intl.NumberFormat();
/** A prize's settings (an empty object when it has none). */
const config = (row: PrizeRow) => row.config ?? {};

/**
 * The prize library's columns: name (in the reader's language, with its picture), stock, delivery,
 * odds, the most one user may win, the user type it is for, and its flags (super, thanks, fragments).
 */
export function prizeColumns({ t, language }: { t: TFunction; language: string }): ColumnsType<PrizeRow> {
  return [
    {
      title: t('rewards:prize.name'),
      key: 'name',
      render: (_value, row) => (
        <Space>
          {typeof config(row).image === 'string' && (
            <Image src={config(row).image as string} width={36} height={36} alt="" />
          )}
          <span>
            {pickText(config(row).name, language, config(row).defaultLanguage as string) || row.name}
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
      render: (_value, row) => (config(row).userType as string | undefined) || t('rewards:prize.allUsers'),
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
  ];
}
