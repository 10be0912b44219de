import type { PageBlock } from '../../../engine/page/pageModel';
import { placeIssue } from '../../../engine/page/pageEdits';
import type { FieldError } from '../../api/RequestError';
import type { ValidationIssue } from '../../schema-form/schemaEntry';
import type { Bindings } from './blockKinds';

/** One block's problems: of its own props, of the campaign fields it binds, and all in words. */
export interface BlockProblems {
  own: FieldError[];
  bound: FieldError[];
  words: string[];
}

/**
 * The problems of the whole config placed on the blocks they belong to, and those the editor
 * answers for (every issue on a block or under `/page`; the rest belong to the form around it).
 */
export function placeIssues(
  issues: readonly ValidationIssue[],
  blocks: readonly PageBlock[],
  bindings: Bindings,
): { byBlock: Map<string, BlockProblems>; pageIssues: ValidationIssue[] } {
  const byBlock = new Map<string, BlockProblems>();
  const pageIssues: ValidationIssue[] = [];
  for (const issue of issues) {
    const places = placeIssue(blocks, bindings, issue.path);
    if (places.length > 0 || issue.path.startsWith('/page')) pageIssues.push(issue);
    for (const place of places) {
      const slot = byBlock.get(place.blockId) ?? { own: [], bound: [], words: [] };
      (place.area === 'bound' ? slot.bound : slot.own).push({ path: place.path, message: issue.message });
      slot.words.push(issue.message);
      byBlock.set(place.blockId, slot);
    }
  }
  return { byBlock, pageIssues };
}
