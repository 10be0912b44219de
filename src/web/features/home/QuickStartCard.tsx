import { Card, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { projectPath } from '../../app/routeTable';
import { useSession } from '../../session/useSession';
import { useProjects } from '../projects/useProjects';

/** The first steps in order; only "create a project" is marked done, from the real project list. */
export function QuickStartCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectId } = useSession();
  const { projects } = useProjects();
  const hasProject = Boolean(projects && projects.length > 0);
  const steps = [
    { key: 'project', to: '/projectManagement' },
    { key: 'members', to: '/memberManagement' },
    { key: 'template', to: projectPath('templateMenage/:projectId', projectId) },
    { key: 'sdk', to: projectPath('sdkIntegrate/:projectId', projectId) },
    { key: 'link', to: projectPath('manageLink/:projectId', projectId) },
  ];
  return (
    <Card title={t('home:quickStart.title')} className="gc-fill">
      <Steps
        orientation="vertical"
        size="small"
        current={hasProject ? 1 : 0}
        onChange={(index) => navigate(steps[index].to)}
        items={steps.map((step) => ({
          title: t(`home:quickStart.${step.key}.title`),
          content: t(`home:quickStart.${step.key}.description`),
        }))}
      />
    </Card>
  );
}
