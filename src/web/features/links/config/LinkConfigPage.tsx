import { Alert, Card, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { BackButton } from '../../../app/BackButton';
import { projectPath } from '../../../app/routeTable';
import { useSchemaEntry } from '../../../schema-form/useSchemaEntry';
import { useSession } from '../../../session/useSession';
import { linkRoutes } from '../linkRoutes';
import type { LinkItem } from '../linkTypes';
import { LinkEditor } from './LinkEditor';
import { useFreshLinkId } from './useFreshLinkId';

/**
 * Link editor route (linkConfig; `?id=` edits a saved link): loads the link schema, the saved link
 * or a free link id suggested by the server, then hands them to the editor.
 */
export function LinkConfigPage() {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const { templateId = '' } = useParams();
  const [params] = useSearchParams();
  const id = params.get('id');
  const { entry, error: entryError } = useSchemaEntry('entity', 'link');
  const saved = useSWR<LinkItem>(id ? `/api/links/${encodeURIComponent(id)}` : null);
  const suggestion = useFreshLinkId(!id);
  const listPath = projectPath(linkRoutes.links, projectId);
  const failed = entryError ?? saved.error;
  const ready = entry && (id ? saved.data : suggestion.done);

  if (failed || !ready || !entry)
    return (
      <div className="gc-page">
        <div className="gc-page-head">
          <Space align="center">
            <BackButton to={listPath} label={t('links:back')} />
            <Typography.Title level={3}>{t('menu:page.linkConfig')}</Typography.Title>
          </Space>
        </div>
        {failed ? (
          <Alert
            type="error"
            showIcon
            title={saved.error ? t('links:report.notFound') : t('links:formUnavailable')}
          />
        ) : (
          <Card>
            <Skeleton active paragraph={{ rows: 10 }} />
          </Card>
        )}
      </div>
    );

  return (
    <LinkEditor
      key={id ?? 'new'}
      entry={entry}
      link={id ? saved.data : undefined}
      templateId={templateId}
      suggestedLinkId={suggestion.linkId}
    />
  );
}
