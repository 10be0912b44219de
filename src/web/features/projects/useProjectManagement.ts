import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StoredUser } from '../../session/clientStore';
import { useSession } from '../../session/useSession';
import { NO_PROJECT } from '../../session/storageKeys';
import type { Project } from './projectTypes';
import { useProjects } from './useProjects';

/** Owners and admins create projects. */
export function canCreateProjects(role: StoredUser['role'] | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/**
 * The project to switch to once the project form saved: a first project (created while none is
 * current) becomes the current one, so project pages work straight away; else none.
 */
export function projectAfterSave(input: {
  created: boolean;
  saved: Project | undefined;
  currentId: string;
}): string | undefined {
  const { created, saved, currentId } = input;
  return created && saved?.id && currentId === NO_PROJECT ? saved.id : undefined;
}

/**
 * The project management page's state: the user's projects, the open project form (a new
 * project, or the one being edited), the project whose platforms or members are open, and the
 * writes, each toasted and followed by a reload of the list. Deleting the current project
 * leaves none current.
 */
export function useProjectManagement() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user, client, projectId, setProjectId } = useSession();
  const { projects, failed, reload } = useProjects();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Project | undefined>();
  const [platformsOf, setPlatformsOf] = useState<Project | undefined>();
  const [membersOf, setMembersOf] = useState<Project | undefined>();

  async function remove(project: Project) {
    try {
      await client.delete(`/api/projects/${encodeURIComponent(project.id)}`);
      void message.success(t('common:deleted'));
      if (project.id === projectId) setProjectId(NO_PROJECT);
      await reload();
    } catch {
      // Shown by the request client.
    }
  }

  return {
    projects,
    failed,
    projectId,
    setProjectId,
    canCreate: canCreateProjects(user?.role),
    canDelete: user?.role === 'owner',
    formOpen,
    editing,
    /** Opens the project form on `project`, or empty for a new one. */
    openForm(project?: Project) {
      setEditing(project);
      setFormOpen(true);
    },
    closeForm: () => setFormOpen(false),
    formSaved(saved: Project | undefined) {
      setFormOpen(false);
      void message.success(t(editing ? 'common:updated' : 'common:created'));
      const next = projectAfterSave({ created: !editing, saved, currentId: projectId });
      if (next) setProjectId(next);
      void reload();
    },
    platformsOf,
    setPlatformsOf,
    platformsSaved() {
      setPlatformsOf(undefined);
      void message.success(t('common:saved'));
      void reload();
    },
    membersOf,
    setMembersOf,
    remove,
  };
}
