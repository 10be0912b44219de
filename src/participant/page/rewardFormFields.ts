import type { FormItem } from '../api/playTypes';
import type { T } from '../i18n/texts';

// The same shapes the server checks (src/server/play/playRoutes.ts formValuesSchema).
const PHONE = /^\+?[0-9 ()-]{5,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A field written on several lines (a longer text, an address). */
export const multiLine = (item: FormItem) => item.type === 'textarea' || item.type === 'address';

/** What the phone's keyboard and autofill take for a one-line field. */
export function inputKind(item: FormItem): {
  type: 'email' | 'tel' | 'text';
  inputMode: 'email' | 'tel' | undefined;
  autoComplete: 'email' | 'tel' | undefined;
} {
  if (item.type === 'email') return { type: 'email', inputMode: 'email', autoComplete: 'email' };
  if (item.type === 'phone') return { type: 'tel', inputMode: 'tel', autoComplete: 'tel' };
  return { type: 'text', inputMode: undefined, autoComplete: undefined };
}

/** The problem of a field's value the form sees itself (required, e-mail and phone shapes). */
export function problemOf(item: FormItem, value: string, t: T): string | null {
  const text = value.trim();
  if (!text) return item.required ? t('form.required', { label: item.label }) : null;
  if (item.type === 'email' && !EMAIL.test(text)) return t('form.email');
  if (item.type === 'phone' && !PHONE.test(text)) return t('form.phone');
  return null;
}

/** The problems of every field, by label; empty when the form can be sent. */
export function formProblems(
  items: FormItem[],
  values: Record<string, string>,
  t: T,
): Record<string, string> {
  const found: Record<string, string> = {};
  for (const item of items) {
    const problem = problemOf(item, values[item.label] ?? '', t);
    if (problem) found[item.label] = problem;
  }
  return found;
}

/** What is sent: every field by label, trimmed, an empty one as ''. */
export const sentValues = (items: FormItem[], values: Record<string, string>) =>
  Object.fromEntries(items.map((item) => [item.label, (values[item.label] ?? '').trim()]));

/** A JSON pointer's last segment, unescaped (`/values/a~1b` -> `a/b`). */
export const pointerLabel = (path: string) =>
  path
    .replace(/^\/values\//, '')
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');

/** The server's field problems (JSON pointer -> message) by field label. */
export const serverProblems = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([path, m]) => [pointerLabel(path), m]));
