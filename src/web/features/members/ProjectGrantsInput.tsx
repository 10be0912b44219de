import { Checkbox, Empty, Select, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Permission, Project } from '../projects/projectTypes';
import { canBeAdsAdvanced, grantablePermissions, type ProjectGrant, type Role } from './memberTypes';

interface Props {
  value?: ProjectGrant[];
  onChange?: (value: ProjectGrant[]) => void;
  projects: Project[];
  role: Role;
}

/**
 * Per-project permission for an operator or viewer, and whether they are an advanced ads user
 * there (on an edit grant only, never for viewers); admins reach every project anyway.
 */
export function ProjectGrantsInput({ value = [], onChange, projects, role }: Props) {
  const { t } = useTranslation();
  const allowed = grantablePermissions(role);
  if (allowed.length === 0)
    return <Typography.Text type="secondary">{t('members:grants.allProjects')}</Typography.Text>;
  if (projects.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('members:grants.noProjects')} />;

  function set(projectId: string, permission: Permission | 'none', adsAdvanced: boolean) {
    const rest = value.filter((grant) => grant.projectId !== projectId);
    onChange?.(
      permission === 'none'
        ? rest
        : [
            ...rest,
            { projectId, permission, adsAdvanced: adsAdvanced && canBeAdsAdvanced(role, permission) },
          ],
    );
  }

  return (
    <div className="gc-grants">
      {projects.map((project) => {
        const grant = value.find((item) => item.projectId === project.id);
        const current = grant && allowed.includes(grant.permission) ? grant.permission : 'none';
        const advancedAllowed = canBeAdsAdvanced(role, grant?.permission);
        const advanced = Boolean(grant?.adsAdvanced) && advancedAllowed;
        const checkbox = (
          <Checkbox
            checked={advanced}
            disabled={!advancedAllowed}
            onChange={(event) => set(project.id, current, event.target.checked)}
            aria-label={t('members:grants.adsAdvancedFor', { project: project.name })}
            data-testid={`grant-ads-advanced-${project.id}`}
          >
            {t('members:grants.adsAdvanced')}
          </Checkbox>
        );
        return (
          <div className="gc-grant-row" key={project.id}>
            <span className="gc-grant-name">{project.name}</span>
            {advancedAllowed ? (
              checkbox
            ) : (
              <Tooltip
                title={t(
                  role === 'viewer'
                    ? 'members:grants.adsAdvancedViewer'
                    : 'members:grants.adsAdvancedNeedsEdit',
                )}
              >
                <span>{checkbox}</span>
              </Tooltip>
            )}
            <Select
              size="small"
              aria-label={t('members:grants.permissionFor', { project: project.name })}
              className="gc-grant-select"
              value={current}
              onChange={(next: Permission | 'none') => set(project.id, next, advanced)}
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
