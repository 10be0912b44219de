import type { ReactNode } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import { ConfirmDeleteButton } from '../../../app/ConfirmDeleteButton';
import { formatTime } from '../../links/formatTime';
import type { AdsStrategyRow, Distribution, StrategyType } from '../adsTypes';

interface StrategyColumnsInput {
  t: TFunction;
  canEdit: boolean;
  languageLabel(language: string): ReactNode;
  /** The strategy's editor (or view, for a member who may not edit). */
  configPath(row: AdsStrategyRow): string;
  open(row: AdsStrategyRow): void;
  /** Deletes the strategy, after the member confirmed. */
  remove(row: AdsStrategyRow): unknown;
}

/**
 * The strategy list's columns: number, name, type, distribution, URL count, enabled languages,
 * description and creation time, the serve URL to copy, and the row's actions.
 */
export function strategyColumns({
  t,
  canEdit,
  languageLabel,
  configPath,
  open,
  remove,
}: StrategyColumnsInput): ColumnsType<AdsStrategyRow> {
  return [
    { title: t('ads:strategy.number'), dataIndex: 'number', width: 80 },
    {
      title: t('ads:strategy.name'),
      dataIndex: 'name',
      width: 180,
      render: (name: string, row) => <Link to={configPath(row)}>{name}</Link>,
    },
    {
      title: t('ads:strategy.type'),
      dataIndex: 'type',
      width: 120,
      render: (type: StrategyType) => t(`ads:strategy.types.${type}`),
    },
    {
      title: t('ads:strategy.distribution'),
      dataIndex: 'distribution',
      width: 120,
      render: (distribution: Distribution) => (
        <Tag color={distribution === 'ai' ? 'purple' : 'blue'}>
          {t(`ads:strategy.distributions.${distribution}`)}
        </Tag>
      ),
    },
    { title: t('ads:strategy.urlCount'), dataIndex: 'urlCount', width: 90, align: 'right' },
    {
      title: t('ads:strategy.languages'),
      dataIndex: 'languages',
      width: 180,
      render: (languages: string[], row) =>
        row.type === 'general' ? (
          <Typography.Text type="secondary">{t('ads:strategy.allLanguages')}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {languages.map((language) => (
              <Tag key={language}>{languageLabel(language)}</Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('ads:strategy.description'),
      key: 'description',
      ellipsis: true,
      render: (_value, row) =>
        typeof row.config.description === 'string' && row.config.description ? row.config.description : '-',
    },
    {
      title: t('ads:strategy.serveUrl'),
      dataIndex: 'serveUrl',
      width: 240,
      render: (url: string) => (
        <Typography.Text
          copyable={{ text: url }}
          ellipsis
          style={{ maxWidth: 220 }}
          data-testid="ads-strategy-serve-url"
        >
          {url}
        </Typography.Text>
      ),
    },
    { title: t('ads:list.createdAt'), dataIndex: 'createdAt', width: 150, render: formatTime },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      width: canEdit ? 140 : 90,
      render: (_value, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(row)}>
            {canEdit ? t('common:edit') : t('ads:list.view')}
          </Button>
          {canEdit && (
            <ConfirmDeleteButton
              title={t('ads:strategy.deleteTitle')}
              description={t('ads:strategy.deleteConfirm', { name: row.name })}
              onConfirm={() => remove(row)}
            />
          )}
        </Space>
      ),
    },
  ];
}
