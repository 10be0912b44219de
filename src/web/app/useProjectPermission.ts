import { useSession } from '../session/useSession';
import type { Permission } from '../features/projects/projectTypes';
import { useProjects } from '../features/projects/useProjects';

/** The signed-in member's permission on the current project (undefined while projects load). */
export function useProjectPermission(): Permission | undefined {
  const { projectId } = useSession();
  const { projects } = useProjects();
  return projects?.find((project) => project.id === projectId)?.permission;
}
