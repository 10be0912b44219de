import { Button, Card, Empty, Tag, Typography } from 'antd';
import { CheckCircleFilled, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../session/useSession';
import { useProjects } from '../projects/useProjects';

/** The user's projects as cards; clicking one makes it the current project. */
export function MyProjectsCard() {
  const { t } = useTranslation();
  const { projectId, setProjectId } = useSession();
  const { projects, failed } = useProjects();
  return (
    <Card
      title={t('home:projects.title')}
      loading={!projects && !failed}
      extra={<Link to="/projectManagement">{t('home:projects.manage')}</Link>}
    >
      {projects && projects.length === 0 ? (
        <Empty description={t('home:projects.empty')}>
          <Link to="/projectManagement">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('projects:create.action')}
            </Button>
          </Link>
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
