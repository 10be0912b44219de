import { Button, Card, Empty, Space, Tag, Typography } from 'antd';
import { CheckCircleFilled, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../session/useSession';
import { useProjects } from '../projects/useProjects';

interface Props {
  /** Whether the user may create projects (owner or admin). */
  canCreate: boolean;
  /** Opens the new-project dialog on home. */
  onNewProject(): void;
}

/** The user's projects as cards; clicking one makes it the current project. */
export function MyProjectsCard({ canCreate, onNewProject }: Props) {
  const { t } = useTranslation();
  const { projectId, setProjectId } = useSession();
  const { projects, failed } = useProjects();
  return (
    <Card
      title={t('home:projects.title')}
      loading={!projects && !failed}
      extra={
        <Space size="middle">
          {canCreate && projects && projects.length > 0 && (
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={onNewProject}>
              {t('projects:create.action')}
            </Button>
          )}
          <Link to="/projectManagement">{t('home:projects.manage')}</Link>
        </Space>
      }
    >
      {projects && projects.length === 0 ? (
        <Empty description={t(canCreate ? 'home:projects.empty' : 'home:projects.emptyAskAdmin')}>
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onNewProject}>
              {t('projects:create.action')}
            </Button>
          )}
        </Empty>
      ) : failed ? (
        <Empty description={t('projects:loadFailed')} />
      ) : (
        <div className="gc-project-grid">
          {(projects ?? []).map((project) => {
            const current = project.id === projectId;
            return (
              <button
                type="button"
                key={project.id}
                className={`gc-project-card${current ? ' is-current' : ''}`}
                onClick={() => setProjectId(project.id)}
                aria-pressed={current}
              >
                <span className="gc-project-card-head">
                  <strong>{project.name}</strong>
                  {current && <CheckCircleFilled className="gc-project-check" />}
                </span>
                <Typography.Text type="secondary" className="gc-project-prefix">
                  {project.domainPrefix}
                </Typography.Text>
                <span className="gc-project-tags">
                  {project.platforms.map((platform) => (
                    <Tag key={platform}>{t(`projects:platform.${platform}`)}</Tag>
                  ))}
                </span>
                <small>
                  {t(`common:permission.${project.permission}`)} ·{' '}
                  {dayjs(project.createdAt).format('YYYY-MM-DD')}
                </small>
              </button>
            );
          })}
        </div>
      )}
    </Card>
  );
}
