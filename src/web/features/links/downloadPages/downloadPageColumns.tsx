import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { ConfirmDeleteButton } from '../../../app/ConfirmDeleteButton';
import { formatTime } from '../formatTime';
import type { DownloadPage, DownloadPlatform } from '../linkTypes';

interface DownloadPageColumnsInput {
  t: TFunction;
  canEdit: boolean;
  /** The page's editor (read only for a member who may not edit). */
  open(row: DownloadPage): void;
  /** Deletes the page, after the member confirmed. */
  remove(row: DownloadPage): unknown;
}

/** The download page list's columns: name, title, platform buttons, address to open or copy, actions. */
export function downloadPageColumns({
  t,
  canEdit,
  open,
  remove,
}: DownloadPageColumnsInput): ColumnsType<DownloadPage> {
  return [
    { title: t('links:downloadPages.name'), dataIndex: 'name' },
    {
      title: t('links:downloadPages.title'),
      key: 'title',
      render: (_value, row) => row.config.title,
    },
    {
      title: t('links:downloadPages.buttons'),
      key: 'buttons',
      render: (_value, row) => (
        <Space size={[4, 4]} wrap>
          {row.config.buttons.map((button) => (
            <Tag key={button.platform}>
              {t(`links:downloadPages.platform.${button.platform satisfies DownloadPlatform}`)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('links:downloadPages.address'),
      dataIndex: 'url',
      render: (url: string) => (
        <Typography.Link href={url} target="_blank" rel="noreferrer" copyable ellipsis>
          {url}
        </Typography.Link>
      ),
    },
    { title: t('links:field.updatedAt'), dataIndex: 'updatedAt', render: formatTime, width: 170 },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      width: 160,
      render: (_value, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(row)}>
            {t(canEdit ? 'common:edit' : 'links:view')}
          </Button>
          {canEdit && (
            <ConfirmDeleteButton
              title={t('links:downloadPages.deleteTitle')}
              description={t('links:downloadPages.deleteConfirm', { name: row.name })}
              onConfirm={() => remove(row)}
            />
          )}
        </Space>
      ),
    },
  ];
}
