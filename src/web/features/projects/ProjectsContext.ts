import { createContext } from 'react';
import type { Project } from './projectTypes';

export interface ProjectsState {
  /** Undefined while the first load runs. */
  projects: Project[] | undefined;
  failed: boolean;
  reload(): Promise<void>;
}

/** The caller's projects, loaded once by the root layout and shared by the header and pages. */
export const ProjectsContext = createContext<ProjectsState>({
  projects: undefined,
  failed: false,
  reload: async () => {},
});
