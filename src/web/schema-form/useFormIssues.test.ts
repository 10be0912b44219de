import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from './schemaEntry';
import { asIssues, distinctIssues, issuesToShow, withoutIssuesOf } from './useFormIssues';

const issue = (path: string, message = 'bad'): ValidationIssue => ({ path, keyword: 'minLength', message });

describe('issuesToShow', () => {
  const all = [issue('/name'), issue('/prizes/2/odds'), issue('/rules')];

  it('keeps the issues of the shown fields, and shows those of touched fields only', () => {
    const { mine, shown } = issuesToShow(all, {
      shownFields: ['name', 'prizes'],
      allFields: false,
      revealAll: false,
      touched: new Set(['prizes', 'rules']),
    });
    expect(mine.map((i) => i.path)).toEqual(['/name', '/prizes/2/odds']);
    expect(shown.map((i) => i.path)).toEqual(['/prizes/2/odds']);
  });

  it('shows every issue of the form once everything is revealed', () => {
    const { mine, shown } = issuesToShow(all, {
      shownFields: ['name', 'prizes'],
      allFields: false,
      revealAll: true,
      touched: new Set(),
    });
    expect(shown).toEqual(mine);
    expect(shown.map((i) => i.path)).toEqual(['/name', '/prizes/2/odds']);
  });

  it('takes every field when the form shows them all', () => {
    const { mine } = issuesToShow(all, {
      shownFields: [],
      allFields: true,
      revealAll: true,
      touched: new Set(),
    });
    expect(mine).toEqual(all);
  });
});

describe('withoutIssuesOf', () => {
  it('drops the issues under a changed field and keeps the list when nothing goes', () => {
    const list = [issue('/prizes/0/name'), issue('/rules')];
    expect(withoutIssuesOf(list, ['prizes'])).toEqual([issue('/rules')]);
    expect(withoutIssuesOf(list, ['name'])).toBe(list);
  });
});

describe('distinctIssues', () => {
  it('lists each path and message once, the form first', () => {
    const server = asIssues([
      { path: '/name', message: 'bad' },
      { path: '/rules', message: 'taken' },
    ]);
    expect(distinctIssues([issue('/name')], server)).toEqual([
      issue('/name'),
      { path: '/rules', keyword: 'server', message: 'taken' },
    ]);
  });
});
