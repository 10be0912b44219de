import { describe, expect, it } from 'vitest';
import { toFormFields } from './toFormFields';

describe('toFormFields', () => {
  it('maps JSON pointers to antd field names and groups messages', () => {
    expect(
      toFormFields([
        { path: '/email', message: 'taken' },
        { path: '/projects/0/permission', message: 'bad' },
        { path: '/email', message: 'invalid' },
        { path: '', message: 'whole body' },
      ]),
    ).toEqual([
      { name: ['email'], errors: ['taken', 'invalid'] },
      { name: ['projects', 0, 'permission'], errors: ['bad'] },
    ]);
  });
});
