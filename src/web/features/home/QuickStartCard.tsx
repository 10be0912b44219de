import type { ReactNode } from 'react';
import { Button, Card, Steps, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { projectPath } from '../../app/routeTable';
import { useSession } from '../../session/useSession';
import { NO_PROJECT } from '../../session/storageKeys';
import { useProjects } from '../projects/useProjects';

interface Props {
  /** Whether the user may create projects (owner or admin). */
  canCreate: boolean;
  /** Opens the new-project dialog. */
  onNewProject(): void;
}

/** Where each step is done; project-scoped ones need a current project. */
const STEPS = [
  { key: 'project' },
  { key: 'members', to: 'memberManagement' },
  { key: 'template', to: 'templateMenage/:projectId' },
  { key: 'sdk', to: 'sdkIntegrate/:projectId' },
  { key: 'link', to: 'manageLink/:projectId' },
  { key: 'campaign', to: 'campaignManagement/:projectId' },
] as const;

/**
 * The first steps in order, each a link to the page where it is done for the current project;
 * "create a project" opens the dialog and is marked done from the real project list. Steps that
 * need a project say so until there is one.
 */
export function QuickStartCard({ canCreate, onNewProject }: Props) {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const { projects } = useProjects();
  const hasProject = Boolean(projects && projects.length > 0 && projectId !== NO_PROJECT);

  const titleOf = (step: (typeof STEPS)[number]): ReactNode => {
    const title = t(`home:quickStart.${step.key}.title`);
    if (!('to' in step)) {
      return canCreate ? (
        <Button type="link" className="gc-step-link" onClick={onNewProject} data-testid="quick-start-project">
          {title}
        </Button>
      ) : (
        <Tooltip title={t('home:quickStart.project.notAllowed')}>
          <Typography.Text type="secondary">{title}</Typography.Text>
        </Tooltip>
      );
    }
    const scoped = step.to.includes(':projectId');
    if (scoped && !hasProject) {
      return (
        <Tooltip title={t('home:quickStart.needsProject')}>
          <Typography.Text type="secondary" data-testid={`quick-start-${step.key}`} aria-disabled>
            {title}
          </Typography.Text>
        </Tooltip>
      );
    }
    return (
      <Link to={projectPath(step.to, projectId)} data-testid={`quick-start-${step.key}`}>
        {title}
      </Link>
    );
  };

  return (
    <Card title={t('home:quickStart.title')} className="gc-fill">
      <Steps
        orientation="vertical"
        size="small"
        current={hasProject ? 1 : 0}
        items={STEPS.map((step) => ({
          title: titleOf(step),
          content:
            'to' in step && step.to.includes(':projectId') && !hasProject
              ? `${t(`home:quickStart.${step.key}.description`)} ${t('home:quickStart.needsProject')}`
              : t(`home:quickStart.${step.key}.description`),
        }))}
      />
    </Card>
  );
}
