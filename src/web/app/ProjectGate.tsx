import { useEffect, type ReactNode } from 'react';
import { Spin } from 'antd';
import { useParams } from 'react-router-dom';
import { NoPermissionPage } from '../features/status/NoPermissionPage';
import { NoProjectPage } from '../features/status/NoProjectPage';
import { useProjects } from '../features/projects/useProjects';
import { NO_PROJECT } from '../session/storageKeys';
import { useSession } from '../session/useSession';

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
  if (!projects) return <Spin className="gc-page-spin" size="large" />;
  if (projects.length === 0 || routeProjectId === NO_PROJECT) return <NoProjectPage />;
  if (!projects.some((project) => project.id === routeProjectId)) return <NoPermissionPage />;
  // One render while the stored project catches up, so the page never calls with the old project.
  if (routeProjectId !== projectId) return <Spin className="gc-page-spin" size="large" />;
  return children;
}
