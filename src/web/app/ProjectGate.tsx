import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Spin } from 'antd';
import { useParams } from 'react-router-dom';
import { useProjects } from '../features/projects/useProjects';
import { NO_PROJECT } from '../session/storageKeys';
import { useSession } from '../session/useSession';

// The status pages (antd's Result and its illustrations) are their routes' own chunks: the shell
// fetches them only when a project page cannot be shown, spinning meanwhile as while it waits for
// the projects.
const NoPermissionPage = lazy(() =>
  import('../features/status/NoPermissionPage').then((module) => ({ default: module.NoPermissionPage })),
);
const NoProjectPage = lazy(() =>
  import('../features/status/NoProjectPage').then((module) => ({ default: module.NoProjectPage })),
);

const spin = <Spin className="gc-page-spin" size="large" />;

/**
 * Keeps the stored project and the route's `:projectId` in step. Project pages render only for a
 * project the user can reach; without any project they show the no-project page.
 */
export function ProjectGate({ children }: { children: ReactNode }) {
  const { projectId, setProjectId } = useSession();
  const { projects } = useProjects();
  const { projectId: routeProjectId } = useParams();

  useEffect(() => {
    if (!projects) return;
    if (routeProjectId && projects.some((project) => project.id === routeProjectId)) {
      if (routeProjectId !== projectId) setProjectId(routeProjectId);
      return;
    }
    if (projects.length === 0) {
      if (projectId !== NO_PROJECT) setProjectId(NO_PROJECT);
    } else if (!projects.some((project) => project.id === projectId)) {
      setProjectId(projects[0].id);
    }
  }, [projects, routeProjectId, projectId, setProjectId]);

  if (!routeProjectId) return children;
  if (!projects) return spin;
  if (projects.length === 0 || routeProjectId === NO_PROJECT)
    return (
      <Suspense fallback={spin}>
        <NoProjectPage />
      </Suspense>
    );
  if (!projects.some((project) => project.id === routeProjectId))
    return (
      <Suspense fallback={spin}>
        <NoPermissionPage />
      </Suspense>
    );
  // One render while the stored project catches up, so the page never calls with the old project.
  if (routeProjectId !== projectId) return spin;
  return children;
}
