import { describe, expect, it } from 'vitest';
import { availableCommands } from './campaignCommands';
import type { CampaignSummary } from './campaignTypes';

const base: CampaignSummary = {
  id: 'c1',
  area: 'growth',
  kind: 'gameplay',
  mark: 'lucky-wheel',
  templateMark: 'classic',
  title: 'Wheel',
  goal: null,
  status: 'running',
  actions: ['edit', 'goOffline'],
  startTime: '2026-01-01T00:00:00Z',
  endTime: '2026-02-01T00:00:00Z',
  timezone: 'GMT',
  onlineAt: null,
  parentId: null,
  link: '/p/c1',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('availableCommands', () => {
  it('offers exactly the status moves the server allows', () => {
    const commands = availableCommands(base, true);
    expect(commands).toContain('goOffline');
    expect(commands).toContain('edit');
    expect(commands).not.toContain('goOnline');
    expect(commands).not.toContain('delete');
    const draft = availableCommands(
      { ...base, status: 'draft', actions: ['edit', 'delete', 'goOnline'] },
      true,
    );
    expect(draft).toEqual(expect.arrayContaining(['goOnline', 'delete', 'edit']));
    expect(draft).not.toContain('goOffline');
  });

  it('leaves every write out without edit permission', () => {
    const commands = availableCommands(base, false);
    expect(commands).not.toContain('edit');
    expect(commands).not.toContain('copy');
    expect(commands).not.toContain('goOffline');
    expect(commands).toEqual(
      expect.arrayContaining(['detail', 'previewMobile', 'previewPc', 'link', 'report']),
    );
  });

  it('binds download pages and languages on gameplays only', () => {
    const sub = availableCommands({ ...base, kind: 'sub-activity' }, true);
    expect(sub).not.toContain('downloadPage');
    expect(sub).not.toContain('languages');
  });
});
