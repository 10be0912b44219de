import { describe, expect, it } from 'vitest';
import { NO_PROJECT } from '../../session/storageKeys';
import type { Project } from './projectTypes';
import { canCreateProjects, projectAfterSave } from './useProjectManagement';

const saved = { id: 'p9', name: 'New app' } as Project;

describe('canCreateProjects', () => {
  it('lets owners and admins create projects, and nobody else', () => {
    expect(canCreateProjects('owner')).toBe(true);
    expect(canCreateProjects('admin')).toBe(true);
    expect(canCreateProjects('operator')).toBe(false);
    expect(canCreateProjects('viewer')).toBe(false);
    expect(canCreateProjects(undefined)).toBe(false);
  });
});

describe('projectAfterSave', () => {
  it('makes a project created while none is current the current one', () => {
    expect(projectAfterSave({ created: true, saved, currentId: NO_PROJECT })).toBe('p9');
  });

  it('keeps the current project after an edit, a second project or an answer without a project', () => {
    expect(projectAfterSave({ created: false, saved, currentId: NO_PROJECT })).toBeUndefined();
    expect(projectAfterSave({ created: true, saved, currentId: 'p1' })).toBeUndefined();
    expect(projectAfterSave({ created: true, saved: undefined, currentId: NO_PROJECT })).toBeUndefined();
  });
});
