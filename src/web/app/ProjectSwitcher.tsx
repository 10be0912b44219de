import { Select } from 'antd';
import { ProjectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { generatePath, useMatches, useNavigate, useParams } from 'react-router-dom';
import { useProjects } from '../features/projects/useProjects';
import { useSession } from '../session/useSession';
import { NO_PROJECT } from '../session/storageKeys';
import type { RouteHandle } from './createAppRouter';

/**
 * Header project picker: stores the choice and, on a project page, moves to the same page of the
 * new project (sub-pages fall back to their list page, whose ids belong to the old project).
 */
export function ProjectSwitcher() {
  const { t } = useTranslation();
  const { projectId, setProjectId } = useSession();
  const { projects } = useProjects();
  const params = useParams();
  const matches = useMatches();
  const navigate = useNavigate();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;

  function choose(id: string) {
    setProjectId(id);
    if (params.projectId && handle?.listPath)
      navigate(generatePath(`/${handle.listPath}`, { projectId: id }));
  }

  return (
    <Select
      data-testid="project-switcher"
      aria-label={t('common:project.switch')}
      className="gc-project-switcher"
      loading={!projects}
      value={projectId === NO_PROJECT ? undefined : projectId}
      placeholder={t('common:project.none')}
      onChange={choose}
      showSearch={{ optionFilterProp: 'label' }}
      prefix={<ProjectOutlined />}
      popupMatchSelectWidth={false}
      notFoundContent={t('common:project.empty')}
      options={(projects ?? []).map((project) => ({
        value: project.id,
        label: project.name,
      }))}
    />
  );
}
