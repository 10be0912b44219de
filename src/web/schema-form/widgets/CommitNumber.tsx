import { InputNumber, type InputNumberProps } from 'antd';
import { useCommitOnBlur } from '../useCommitOnBlur';

type CommitNumberProps = Omit<InputNumberProps<number>, 'value' | 'onChange' | 'onBlur'> & {
  value: number | undefined;
  /** Called on blur or Enter with the typed number (undefined when cleared), only when it changed. */
  onCommit: (value: number | undefined) => void;
};

/** An antd InputNumber whose typing stays local until blur or Enter (see useCommitOnBlur). */
export function CommitNumber({ value, onCommit, ...rest }: CommitNumberProps) {
  const { draft, change, flush } = useCommitOnBlur<number | null>(value ?? null, (next) =>
    onCommit(next ?? undefined),
  );
  return (
    <InputNumber<number>
      changeOnWheel={false}
      {...rest}
      value={draft}
      onChange={(next) => change(typeof next === 'number' ? next : null)}
      onPressEnter={flush}
      onBlur={flush}
    />
  );
}
