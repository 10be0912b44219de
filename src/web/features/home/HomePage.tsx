import { lazy, Suspense, useEffect, useState } from 'react';
import { App, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../session/useSession';
import { NO_PROJECT } from '../../session/storageKeys';
import { useProjects } from '../projects/useProjects';
import { MyProjectsCard } from './MyProjectsCard';
import { QuickStartCard } from './QuickStartCard';
import { NEW_PROJECT_PARAM } from './newProjectParam';
import { ShortcutsCard } from './ShortcutsCard';

// The new-project dialog (a form with the engine's messages) is fetched when it first opens; until
// then home shows no dialog at all, as before.
const ProjectFormModal = lazy(() =>
  import('../projects/ProjectFormModal').then((module) => ({ default: module.ProjectFormModal })),
);

/** Home: welcome, quick start, my projects and shortcuts; everything shown comes from the API. */
export function HomePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user, projectId, setProjectId } = useSession();
  const { projects, reload } = useProjects();
  const [params, setParams] = useSearchParams();
  const canCreate = user?.role === 'owner' || user?.role === 'admin';
  const [creating, setCreating] = useState(() => canCreate && params.get(NEW_PROJECT_PARAM) === '1');
  // Once opened, the dialog stays mounted (closed) like any antd modal.
  const [dialogLoaded, setDialogLoaded] = useState(creating);
  if (creating && !dialogLoaded) setDialogLoaded(true);

  // The address asks once: the parameter goes as soon as the dialog is open, so a page that
  // mounts again (the current project changes when the first one is created) does not reopen it.
  useEffect(() => {
    if (!params.has(NEW_PROJECT_PARAM)) return;
    const next = new URLSearchParams(params);
    next.delete(NEW_PROJECT_PARAM);
    setParams(next, { replace: true });
  }, [params, setParams]);

  const closeDialog = () => setCreating(false);

  return (
    <div className="gc-page">
      <Card className="gc-welcome" variant="borderless">
        <div>
          <Typography.Title level={3}>
            {/* Someone with no project yet has just arrived (signed up): no "welcome back". */}
            {t(projects?.length === 0 ? 'home:welcomeNew' : 'home:welcome', {
              name: user?.name || user?.email || '',
            })}
          </Typography.Title>
          <Typography.Paragraph>
            {user?.organisation?.name ? t('home:organisation', { name: user.organisation.name }) : null}{' '}
            {t('home:intro')}
          </Typography.Paragraph>
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <QuickStartCard canCreate={canCreate} onNewProject={() => setCreating(true)} />
        </Col>
        <Col xs={24} xl={10}>
          <ShortcutsCard />
        </Col>
        <Col span={24}>
          <MyProjectsCard canCreate={canCreate} onNewProject={() => setCreating(true)} />
        </Col>
      </Row>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <ProjectFormModal
            open={creating}
            onClose={closeDialog}
            onSaved={(saved) => {
              closeDialog();
              void message.success(t('common:created'));
              // A first project becomes the current one, so the next quick-start steps work at once.
              if (saved?.id && projectId === NO_PROJECT) setProjectId(saved.id);
              void reload();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
