import { ColorPicker, Input, Space } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useCommitOnBlur } from '../useCommitOnBlur';

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Hex colour (3- or 6-digit hex): antd's picker beside a text box for typing it. */
export function ColorWidget({ id, htmlName, value, disabled, readonly, onChange, onBlur }: WidgetProps) {
  const text = typeof value === 'string' ? value : '';
  const { draft, change, flush } = useCommitOnBlur(text, (next) => onChange(next === '' ? undefined : next));
  return (
    <Space.Compact className="gc-sf-color">
      <ColorPicker
        value={HEX.test(draft) ? draft : undefined}
        disabled={disabled || readonly}
        disabledAlpha
        format="hex"
        onChangeComplete={(color) => {
          const hex = color.toHexString();
          onChange(hex);
          onBlur(id, hex);
        }}
      />
      <Input
        id={id}
        name={htmlName || id}
        value={draft}
        disabled={disabled || readonly}
        placeholder="#1677ff"
        maxLength={7}
        onChange={(event) => change(event.target.value.trim())}
        onPressEnter={flush}
        onBlur={() => {
          flush();
          onBlur(id, draft);
        }}
      />
    </Space.Compact>
  );
}
