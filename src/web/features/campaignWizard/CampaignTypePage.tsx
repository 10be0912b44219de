import { Card, Col, Empty, Radio, Result, Row, Spin, Steps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { entryText, type SchemaEntry } from '../../schema-form/schemaEntry';
import { useSchemaEntries } from '../../schema-form/useSchemaEntries';
import { DraftList } from './DraftList';
import { areaRoutes, BLANK_TEMPLATE, wizardPath, type WizardArea } from './wizardPaths';
import './wizard.css';

const GOALS = ['download-register', 'event-conversion', 'engagement-retention', 'web-to-app'];
/** Web-to-app ads campaigns (campaignMenage) serve one goal. */
const AREA_GOALS: Record<WizardArea, string[]> = { growth: GOALS, ads: ['web-to-app'] };

/** The wizard's steps: goal, gameplay, configure; `current` is the step the member is on. */
function ChooserSteps({ current }: { current: number }) {
  const { t } = useTranslation();
  return (
    <Card className="gc-wizard-steps">
      <Steps
        size="small"
        current={current}
        items={[
          { title: t('wizard:chooser.goalStep') },
          { title: t('wizard:chooser.gameplayStep') },
          { title: t('wizard:chooser.configureStep') },
        ]}
      />
    </Card>
  );
}

/** A gameplay to choose: its name, description, and how many templates and steps it has. */
function GameplayCard({ entry, lang, choose }: { entry: SchemaEntry; lang: string; choose(): void }) {
  const { t } = useTranslation();
  return (
    <Card
      hoverable
      className="gc-gameplay-card"
      data-testid={`gameplay-${entry.mark}`}
      onClick={choose}
      role="button"
      aria-label={entryText(entry, entry.meta.title, lang)}
    >
      <Card.Meta
        title={entryText(entry, entry.meta.title, lang)}
        description={entryText(entry, entry.meta.description, lang)}
      />
      <div className="gc-gameplay-tags">
        <Tag>{t('wizard:chooser.templates', { count: entry.templates.length })}</Tag>
        <Tag>{t('wizard:chooser.steps', { count: entry.steps.length })}</Tag>
      </div>
    </Card>
  );
}

/** The gameplays that serve the chosen goal, as cards; "none" when no gameplay does. */
function GameplaysCard({
  shown,
  lang,
  choose,
}: {
  shown: SchemaEntry[];
  lang: string;
  choose(entry: SchemaEntry): void;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('wizard:chooser.gameplayStep')} className="gc-wizard-section">
      {shown.length === 0 ? (
        <Empty description={t('wizard:chooser.none')} />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((entry) => (
            <Col key={entry.mark} xs={24} sm={12} lg={8} xl={6}>
              <GameplayCard entry={entry} lang={lang} choose={() => choose(entry)} />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}

/**
 * The first two wizard steps: choose the goal, then a gameplay from the registry that serves it
 * (a new schema folder appears here by itself); unsaved drafts can be resumed from here.
 */
export function CampaignTypePage({ area }: { area: WizardArea }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { projectId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { entries, error } = useSchemaEntries('gameplay');
  const goals = AREA_GOALS[area];
  const goal = goals.length === 1 ? goals[0] : (search.get('goal') ?? undefined);
  const routes = areaRoutes[area];
  const lang = i18n.language;
  const goalLabel = (g: string) => (entries?.[0] ? entryText(entries[0], `goal.${g}`, lang) : g);
  const nameOf = (mark: string) => {
    const entry = entries?.find((e) => e.mark === mark);
    return entry ? entryText(entry, entry.meta.title, lang) : mark;
  };
  const shown = (entries ?? []).filter((e) => goal !== undefined && (e.meta.goals ?? []).includes(goal));

  const choose = (entry: SchemaEntry) =>
    navigate(wizardPath(routes.template, projectId, { mark: entry.mark }, { goal }));

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t(`menu:page.${routes.type}`)}</Typography.Title>
          <Typography.Text type="secondary">{t(`wizard:chooser.description.${area}`)}</Typography.Text>
        </div>
      </div>
      <ChooserSteps current={goal ? 1 : 0} />
      <DraftList
        area={area}
        kind="gameplay"
        nameOf={nameOf}
        onResume={(draft) =>
          navigate(
            wizardPath(
              routes.create,
              projectId,
              { mark: draft.mark, templateMark: draft.templateMark || BLANK_TEMPLATE },
              { draft: draft.id, id: draft.campaignId ?? undefined },
            ),
          )
        }
      />
      {error ? (
        <Result status="error" title={t('wizard:chooser.loadFailed')} />
      ) : !entries ? (
        <Spin className="gc-page-spin" size="large" />
      ) : (
        <>
          {goals.length > 1 && (
            <Card title={t('wizard:chooser.goalStep')} className="gc-wizard-section">
              <Radio.Group
                value={goal}
                optionType="button"
                buttonStyle="solid"
                onChange={(event) => setSearch({ goal: String(event.target.value) }, { replace: true })}
                options={goals.map((g) => ({ value: g, label: goalLabel(g) }))}
              />
            </Card>
          )}
          {goal && <GameplaysCard shown={shown} lang={lang} choose={choose} />}
        </>
      )}
    </div>
  );
}
