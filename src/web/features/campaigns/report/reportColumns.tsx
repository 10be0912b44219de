import { Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';

const number = new Intl.NumberFormat();

/** A card's texts: a key under its report's namespace, with its parameters. */
export type Label = (key: string, params?: Record<string, unknown>) => string;

/** A right-aligned column of counts, written in the reader's number format. */
export function countColumn<Row>(title: string, dataIndex: keyof Row & string): ColumnType<Row> {
  return { title, dataIndex, align: 'right', render: (v: number) => number.format(v) };
}

/** A task as a report row names it: its title, and beneath it in grey the event that completes it. */
export function TaskTitle({ title, event }: { title: string; event: string }) {
  return (
    <>
      {title}
      <br />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {event}
      </Typography.Text>
    </>
  );
}
