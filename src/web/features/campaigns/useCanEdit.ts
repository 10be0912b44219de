import { useSession } from '../../session/useSession';
import { useProjects } from '../projects/useProjects';

/** Whether the current user may write in the current project (edit or manage). */
export function useCanEdit(): boolean {
  const { projectId } = useSession();
  const { projects } = useProjects();
  const permission = projects?.find((project) => project.id === projectId)?.permission;
  return permission === 'edit' || permission === 'manage';
}
