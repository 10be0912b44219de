import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** A numbered section of the get-started guide. */
export function GuideSection({
  index,
  title,
  children,
}: {
  index: number;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="gc-get-started-section">
      <Typography.Title level={5}>
        <span className="gc-get-started-index">{index}</span>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}
