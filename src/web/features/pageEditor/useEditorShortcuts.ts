import type { KeyboardEvent } from 'react';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The editor's keys, unless the operator is typing in a field: Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z
 * and Ctrl/Cmd+Y redo, Delete and Backspace delete the selected block (`onDelete`, when given).
 */
export function useEditorShortcuts(undo: () => void, redo: () => void, onDelete?: () => void) {
  return (event: KeyboardEvent) => {
    if (isTyping(event.target)) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
    } else if (mod && event.key.toLowerCase() === 'y') {
      event.preventDefault();
      redo();
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && onDelete) {
      event.preventDefault();
      onDelete();
    }
  };
}
