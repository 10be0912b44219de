import { useProjects } from '../features/projects/useProjects';
import { useSession } from '../session/useSession';

/** Whether the signed-in member may write in the current project (edit or manage). */
export function useCanEdit(): boolean {
  const { projectId } = useSession();
  const { projects } = useProjects();
  const permission = projects?.find((project) => project.id === projectId)?.permission;
  return permission === 'edit' || permission === 'manage';
}
