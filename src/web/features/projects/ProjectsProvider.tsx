import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSession } from '../../session/useSession';
import { ProjectsContext, type ProjectsState } from './ProjectsContext';
import type { Project } from './projectTypes';

/** Loads `GET /api/projects` for the shell; pages call `reload()` after they change projects. */
export function ProjectsProvider({ children }: { children: ReactNode }) {
  const { client } = useSession();
  const [projects, setProjects] = useState<Project[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    try {
      setProjects(await client.get<Project[]>('/api/projects'));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [client]);

  useEffect(() => {
    let live = true;
    // Loaded once per sign-in; the list does not depend on the selected project or language.
    client
      .get<Project[]>('/api/projects')
      .then((list) => live && setProjects(list))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const value = useMemo<ProjectsState>(() => ({ projects, failed, reload }), [projects, failed, reload]);
  return <ProjectsContext.Provider value={value}>{children}</ProjectsContext.Provider>;
}
