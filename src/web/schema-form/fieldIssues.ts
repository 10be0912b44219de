import type { ErrorSchema } from '@rjsf/utils';
import { asSentence, joinMessages } from '../../engine/validation/fieldMessage';
import type { Lang } from '../../engine/validation/lang';
import { pointerToPath } from './jsonPointer';
import type { ValidationIssue } from './schemaEntry';

/** The top-level field a JSON pointer addresses (`/prizes/2/odds` -> `prizes`), '' for the root. */
export function topFieldOf(pointer: string): string {
  const first = pointerToPath(pointer)[0];
  return first === undefined ? '' : String(first);
}

/**
 * Issues as RJSF's nested `ErrorSchema` (`{ prizes: { 2: { odds: { __errors: [...] } } } }`),
 * each message a sentence of `lang` ("At least 1 character.").
 */
export function toErrorSchema(issues: readonly ValidationIssue[], lang: Lang = 'zh-CN'): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const issue of issues) {
    let node = root;
    for (const part of pointerToPath(issue.path)) {
      const key = String(part);
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    const list = (node.__errors as string[] | undefined) ?? [];
    const message = asSentence(issue.message, lang);
    if (!list.includes(message)) list.push(message);
    node.__errors = list;
  }
  return root as ErrorSchema;
}

/** Two issue lists say the same (same order). */
export function sameIssues(a: readonly ValidationIssue[], b: readonly ValidationIssue[]): boolean {
  return a.length === b.length && a.every((x, i) => x.path === b[i].path && x.message === b[i].message);
}

/** Messages of an error-schema node and everything below it, for widgets that edit a whole subtree. */
export function errorsBelow(errorSchema: unknown): string[] {
  if (!errorSchema || typeof errorSchema !== 'object') return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(errorSchema)) {
    if (key === '__errors' && Array.isArray(value)) out.push(...(value as string[]));
    else out.push(...errorsBelow(value));
  }
  return [...new Set(out)];
}

/**
 * The messages of one input as one help text: separate sentences, never glued ("At least 1
 * character. Must not contain spaces." / "至少 1 个字符；不能包含空格"); undefined when none.
 */
export function errorText(messages: readonly string[], lang: Lang): string | undefined {
  return messages.length > 0 ? joinMessages(messages, lang) : undefined;
}
