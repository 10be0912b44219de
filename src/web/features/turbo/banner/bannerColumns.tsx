import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { TurboBannerRow } from '../turboTypes';

interface BannerColumnsInput {
  t: TFunction;
  languageLabel(code: string): string;
}

/**
 * The banner list's own columns: the link the button opens (its id, and its URL to copy or a note
 * that it is gone), the position and the languages.
 */
export function bannerColumns({ t, languageLabel }: BannerColumnsInput): ColumnsType<TurboBannerRow> {
  return [
    {
      title: t('turbo:banner.link'),
      key: 'link',
      width: 250,
      render: (_value, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text code>{row.linkId}</Typography.Text>
          {row.linkUrl ? (
            <Typography.Text type="secondary" copyable={{ text: row.linkUrl }} ellipsis>
              {row.linkUrl}
            </Typography.Text>
          ) : (
            <Typography.Text type="danger">{t('turbo:banner.linkGone')}</Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('turbo:banner.position'),
      dataIndex: 'position',
      width: 100,
      render: (position: string) => t(`turbo:position.${position}`),
    },
    {
      title: t('turbo:banner.languages'),
      dataIndex: 'languages',
      width: 180,
      render: (languages: string[]) => (
        <Space size={[0, 4]} wrap>
          {languages.map((code) => (
            <Tag key={code}>{languageLabel(code)}</Tag>
          ))}
        </Space>
      ),
    },
  ];
}
