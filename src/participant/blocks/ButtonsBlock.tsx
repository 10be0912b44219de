import type { BlockView, TapView } from '../api/playTypes';
import { tapTarget, usePage } from './PageContext';
import { safeColor, textProp } from './safeValues';

type ButtonItem = TapView & { text?: unknown; color?: unknown; textColor?: unknown };

/** Up to four buttons, each opening an address or a deep link, sharing, playing, the rules or a block. */
export function ButtonsBlock({ block }: { block: BlockView }) {
  const page = usePage();
  const items = Array.isArray(block.props.items) ? (block.props.items as ButtonItem[]) : [];
  return (
    <div className={`gp-buttons gp-buttons-${block.props.layout === 'column' ? 'column' : 'row'}`}>
      {items.map((item, i) => {
        const target = tapTarget(item, page);
        const style = { background: safeColor(item.color), color: safeColor(item.textColor) };
        const text = textProp(item.text);
        return target.href !== undefined ? (
          <a key={i} className="gp-btn gp-btn-main" href={target.href} style={style}>
            {text}
          </a>
        ) : (
          <button
            key={i}
            type="button"
            className="gp-btn gp-btn-main"
            style={style}
            onClick={target.onClick}
            disabled={!target.onClick}
            data-action={item.action}
          >
            {text}
          </button>
        );
      })}
    </div>
  );
}
