import { useProjectPermission } from './useProjectPermission';

/** Whether the signed-in member may write in the current project (edit or manage). */
export function useCanEdit(): boolean {
  const permission = useProjectPermission();
  return permission === 'edit' || permission === 'manage';
}
