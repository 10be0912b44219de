import { Input, type InputProps } from 'antd';
import { useCommitOnBlur } from '../useCommitOnBlur';

type CommitInputProps = Omit<InputProps, 'value' | 'onChange' | 'onBlur'> & {
  value: string | undefined;
  /** Called on blur or Enter with the typed text, only when it changed. */
  onCommit: (value: string) => void;
};

/** An antd Input whose typing stays local until blur or Enter (see useCommitOnBlur). */
export function CommitInput({ value, onCommit, onPressEnter, ...rest }: CommitInputProps) {
  const { draft, change, flush } = useCommitOnBlur(value ?? '', onCommit);
  return (
    <Input
      {...rest}
      value={draft}
      onChange={(event) => change(event.target.value)}
      onPressEnter={(event) => {
        flush();
        onPressEnter?.(event);
      }}
      onBlur={flush}
    />
  );
}
