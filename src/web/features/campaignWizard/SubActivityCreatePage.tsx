import { Button, Card, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { entryText } from '../../schema-form/schemaEntry';
import { useSchemaEntry } from '../../schema-form/useSchemaEntry';
import { CreateFlow } from './CreateFlow';
import { TemplateChooser } from './TemplateChooser';
import { wizardPath } from './wizardPaths';
import './wizard.css';

/**
 * sonActiveMenage/:projectId/sonActiveCreate/:mark: a sub-activity from the same engine, bound to
 * a campaign (`?parentId=` presets it). `?template=` picks the template (asked here otherwise),
 * `?id=` edits a saved one, `?draft=` resumes a draft.
 */
export function SubActivityCreatePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { projectId = '', mark = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const campaignId = search.get('id') ?? undefined;
  const draftId = search.get('draft') ?? undefined;
  const template = search.get('template') ?? undefined;
  const listPath = wizardPath('subActivities', projectId);
  const { entry, error } = useSchemaEntry('sub-activity', mark);

  if (!template && !campaignId && !draftId) {
    if (error)
      return (
        <Result
          status="404"
          title={t('wizard:create.unknown')}
          extra={<Button onClick={() => navigate(listPath)}>{t('wizard:create.back')}</Button>}
        />
      );
    if (!entry) return <Spin className="gc-page-spin" size="large" />;
    return (
      <div className="gc-page">
        <div className="gc-page-head">
          <div>
            <Typography.Title level={3}>{t('menu:page.subActivityCreate')}</Typography.Title>
            <Typography.Text type="secondary">
              {entryText(entry, entry.meta.title, i18n.language)}
            </Typography.Text>
          </div>
        </div>
        <Card title={t('wizard:template.title')} className="gc-wizard-section">
          <TemplateChooser
            entry={entry}
            onChoose={(name) => {
              const next = new URLSearchParams(search);
              next.set('template', name);
              setSearch(next, { replace: true });
            }}
          />
        </Card>
      </div>
    );
  }
  return (
    <CreateFlow
      key={`${mark}/${template ?? ''}/${campaignId ?? ''}`}
      area="growth"
      kind="sub-activity"
      mark={mark}
      templateMark={template ?? 'blank'}
      campaignId={campaignId}
      draftId={draftId}
      parentId={search.get('parentId') ?? undefined}
      listPath={listPath}
    />
  );
}
