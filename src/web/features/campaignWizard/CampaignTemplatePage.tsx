import { Button, Card, Result, Spin, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { entryText } from '../../schema-form/schemaEntry';
import { useSchemaEntry } from '../../schema-form/useSchemaEntry';
import { TemplateChooser } from './TemplateChooser';
import { areaRoutes, wizardPath, type WizardArea } from './wizardPaths';
import './wizard.css';

/** Choosing the template of a gameplay (campaignManagement/:projectId/type/template/:mark). */
export function CampaignTemplatePage({ area }: { area: WizardArea }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { projectId = '', mark = '' } = useParams();
  const [search] = useSearchParams();
  const goal = search.get('goal') ?? undefined;
  const routes = areaRoutes[area];
  const { entry, error } = useSchemaEntry('gameplay', mark);
  const back = () => navigate(wizardPath(routes.type, projectId, {}, { goal }));

  if (error)
    return (
      <Result
        status="404"
        title={t('wizard:create.unknown')}
        extra={<Button onClick={back}>{t('wizard:create.back')}</Button>}
      />
    );
  if (!entry) return <Spin className="gc-page-spin" size="large" />;
  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t(`menu:page.${routes.template}`)}</Typography.Title>
          <Typography.Text type="secondary">
            {entryText(entry, entry.meta.title, i18n.language)}
          </Typography.Text>
        </div>
        <Button onClick={back}>{t('wizard:create.changeGameplay')}</Button>
      </div>
      <Card className="gc-wizard-steps">
        <Steps
          size="small"
          current={1}
          items={[
            { title: t('wizard:chooser.goalStep') },
            { title: t('wizard:chooser.gameplayStep') },
            { title: t('wizard:chooser.configureStep') },
          ]}
        />
      </Card>
      <Card title={t('wizard:template.title')} className="gc-wizard-section">
        <TemplateChooser
          entry={entry}
          onChoose={(templateMark) =>
            navigate(wizardPath(routes.create, projectId, { mark, templateMark }, { goal }))
          }
        />
      </Card>
    </div>
  );
}
