import { useState } from 'react';
import { Button, Modal, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useCanEdit } from '../../../app/useCanEdit';
import { useSession } from '../../../session/useSession';
import { formatTime } from '../../links/formatTime';
import { TurboListCard } from '../TurboListCard';
import { TurboRowActions } from '../TurboRowActions';
import { TurboStatusTag } from '../TurboStatusTag';
import { bannerConfigPath, bannerReportPath } from '../turboPaths';
import type { TurboBannerRow, TurboStatus } from '../turboTypes';
import { useLanguageLabel } from '../useLanguageLabel';
import { useTurboList } from '../useTurboList';
import { BannerSnippet } from './BannerSnippet';

/**
 * Turbo Banner (turboBanner): the project's download banners with their link, position, languages
 * and status; search by name, filter by status; new, edit, report, embed code, go online / take
 * offline and delete, each write confirmed first (SPEC 4). Viewers see the list and open banners
 * read-only.
 */
export function TurboBannerListPage() {
  const { t } = useTranslation();
  const languageLabel = useLanguageLabel();
  const { projectId } = useSession();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const list = useTurboList<TurboBannerRow>('banner');
  const [embedding, setEmbedding] = useState<TurboBannerRow | null>(null);

  const columns: ColumnsType<TurboBannerRow> = [
    {
      title: t('turbo:list.name'),
      dataIndex: 'name',
      render: (name: string, row) => <Link to={bannerConfigPath(projectId, row.id)}>{name}</Link>,
    },
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
    {
      title: t('turbo:list.status'),
      dataIndex: 'status',
      width: 100,
      render: (value: TurboStatus) => <TurboStatusTag status={value} />,
    },
    {
      title: t('turbo:list.updatedAt'),
      dataIndex: 'updatedAt',
      width: 160,
      render: formatTime,
    },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      width: canEdit ? 250 : 170,
      render: (_value, row) => (
        <TurboRowActions
          kind="banner"
          row={row}
          canEdit={canEdit}
          onOpen={() => navigate(bannerConfigPath(projectId, row.id))}
          onReport={() => navigate(bannerReportPath(projectId, row.id))}
          onEmbed={() => setEmbedding(row)}
          onStatus={(next) => list.setStatusOf(row, next)}
          onDelete={() => list.remove(row)}
        />
      ),
    },
  ];

  const create = (place: 'head' | 'empty') =>
    canEdit && (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => navigate(bannerConfigPath(projectId))}
        data-testid={place === 'head' ? 'turbo-banner-new' : 'turbo-banner-new-empty'}
      >
        {t('turbo:banner.create')}
      </Button>
    );

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.turboBanner')}</Typography.Title>
          <Typography.Text type="secondary">{t('turbo:banner.description')}</Typography.Text>
        </div>
        {create('head')}
      </div>
      <TurboListCard kind="banner" list={list} columns={columns} create={create} scrollX={1180} />
      <Modal
        open={Boolean(embedding)}
        title={t('turbo:snippet.bannerTitle', { name: embedding?.name ?? '' })}
        footer={null}
        width={720}
        onCancel={() => setEmbedding(null)}
        destroyOnHidden
      >
        {embedding && (
          <BannerSnippet
            bannerId={embedding.id}
            position={embedding.position}
            templateId={embedding.templateId}
            online={embedding.status === 'online'}
          />
        )}
      </Modal>
    </div>
  );
}
