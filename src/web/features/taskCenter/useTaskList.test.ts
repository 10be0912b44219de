import { describe, expect, it } from 'vitest';
import { taskListKey } from './useTaskList';

describe('taskListKey', () => {
  it('asks for the page, with the search and status only when set', () => {
    expect(taskListKey({ q: '', page: 1, pageSize: 20 })).toBe('/api/tasks?page=1&pageSize=20');
    expect(taskListKey({ q: 'sign in', status: 'offline', page: 3, pageSize: 50 })).toBe(
      '/api/tasks?q=sign+in&status=offline&page=3&pageSize=50',
    );
  });
});
