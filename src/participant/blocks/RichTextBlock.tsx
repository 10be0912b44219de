import type { ReactNode } from 'react';
import type { BlockView } from '../api/playTypes';
import { useT } from '../i18n/texts';
import { usePage } from './PageContext';
import { safeColor, textProp } from './safeValues';

/** `**bold**` inside a paragraph; everything else is text (never HTML). */
function inline(text: string): ReactNode[] {
  return text
    .split(/(\*\*[^*]+\*\*)/g)
    .map((part, i) =>
      part.startsWith('**') && part.endsWith('**') && part.length > 4 ? (
        <strong key={i}>{part.slice(2, -2)}</strong>
      ) : (
        part
      ),
    );
}

/** Paragraphs of text: a blank line starts a new paragraph, a line break stays one. */
export function RichTextBlock({ block }: { block: BlockView }) {
  const { editing } = usePage();
  const t = useT();
  const text = textProp(block.props.text).trim();
  if (!text) return editing ? <p className="gp-block-empty">{t('blocks.noText')}</p> : null;
  const align = block.props.align === 'center' || block.props.align === 'right' ? block.props.align : 'left';
  return (
    <div
      className="gp-rich-text"
      style={{
        textAlign: align,
        color: safeColor(block.props.color),
        background: safeColor(block.props.background),
      }}
    >
      {text.split(/\n\s*\n/).map((paragraph, i) => (
        <p key={i}>
          {paragraph.split('\n').map((line, j) => (
            <span key={j}>
              {j > 0 ? <br /> : null}
              {inline(line)}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
