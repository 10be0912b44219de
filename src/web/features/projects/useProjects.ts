import { useContext } from 'react';
import { ProjectsContext, type ProjectsState } from './ProjectsContext';

/** The caller's projects (see ProjectsContext). */
export function useProjects(): ProjectsState {
  return useContext(ProjectsContext);
}
