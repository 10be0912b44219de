import { Button, Card, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PlatformsModal } from './PlatformsModal';
import { projectColumns } from './projectColumns';
import { ProjectFormModal } from './ProjectFormModal';
import { ProjectMembersDrawer } from './ProjectMembersDrawer';
import type { Project } from './projectTypes';
import { useProjectManagement } from './useProjectManagement';

/** Project management: create, edit, delete, platforms and per-project member permissions. */
export function ProjectManagementPage() {
  const { t } = useTranslation();
  const manage = useProjectManagement();
  const { projects, failed, platformsOf, membersOf } = manage;

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.projectManagement')}</Typography.Title>
          <Typography.Text type="secondary">{t('projects:description')}</Typography.Text>
        </div>
        {manage.canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => manage.openForm()}>
            {t('projects:create.action')}
          </Button>
        )}
      </div>
      <Card>
        <Table<Project>
          rowKey="id"
          loading={!projects && !failed}
          dataSource={projects ?? []}
          locale={{ emptyText: failed ? t('projects:loadFailed') : t('projects:empty') }}
          // The widths add up to what a 1440 px screen gives the table (with the menu open), so
          // no column hides behind the pinned actions there; narrower screens scroll.
          scroll={{ x: 1070 }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={projectColumns({
            t,
            projectId: manage.projectId,
            canDelete: manage.canDelete,
            onSwitch: (row) => manage.setProjectId(row.id),
            onEdit: manage.openForm,
            onPlatforms: manage.setPlatformsOf,
            onMembers: manage.setMembersOf,
            onDelete: manage.remove,
          })}
        />
      </Card>
      <ProjectFormModal
        open={manage.formOpen}
        project={manage.editing}
        onClose={manage.closeForm}
        onSaved={manage.formSaved}
      />
      <PlatformsModal
        key={`platforms-${platformsOf?.id ?? ''}`}
        project={platformsOf}
        onClose={() => manage.setPlatformsOf(undefined)}
        onSaved={manage.platformsSaved}
      />
      <ProjectMembersDrawer
        key={`members-${membersOf?.id ?? ''}`}
        project={membersOf}
        onClose={() => manage.setMembersOf(undefined)}
      />
    </div>
  );
}
