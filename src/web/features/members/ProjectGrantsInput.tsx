import { Empty, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Permission, Project } from '../projects/projectTypes';
import { grantablePermissions, type ProjectGrant, type Role } from './memberTypes';

interface Props {
  value?: ProjectGrant[];
  onChange?: (value: ProjectGrant[]) => void;
  projects: Project[];
  role: Role;
}

/** Per-project permission for an operator or viewer; admins reach every project anyway. */
export function ProjectGrantsInput({ value = [], onChange, projects, role }: Props) {
  const { t } = useTranslation();
  const allowed = grantablePermissions(role);
  if (allowed.length === 0)
    return <Typography.Text type="secondary">{t('members:grants.allProjects')}</Typography.Text>;
  if (projects.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('members:grants.noProjects')} />;

  function set(projectId: string, permission: Permission | 'none') {
    const rest = value.filter((grant) => grant.projectId !== projectId);
    onChange?.(permission === 'none' ? rest : [...rest, { projectId, permission }]);
  }

  return (
    <div className="gc-grants">
      {projects.map((project) => {
        const current = value.find((grant) => grant.projectId === project.id)?.permission;
        return (
          <div className="gc-grant-row" key={project.id}>
            <span className="gc-grant-name">{project.name}</span>
            <Select
              size="small"
              aria-label={t('members:grants.permissionFor', { project: project.name })}
              className="gc-grant-select"
              value={current && allowed.includes(current) ? current : 'none'}
              onChange={(next: Permission | 'none') => set(project.id, next)}
              options={[
                { value: 'none', label: t('common:permission.none') },
                ...allowed.map((permission) => ({
                  value: permission,
                  label: t(`common:permission.${permission}`),
                })),
              ]}
            />
          </div>
        );
      })}
    </div>
  );
}
