import type { ReactNode } from 'react';

/**
 * A light status screen (code, title, text, action) in plain markup: the error page is part of
 * the entry chunk, so it must not pull in antd's Result and its illustrations.
 */
export function StatusFrame({
  code,
  title,
  children,
  action,
}: {
  code: string;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="gc-status-page" role="alert">
      <div className="gc-status">
        <div className="gc-status-code" aria-hidden="true">
          {code}
        </div>
        <h1>{title}</h1>
        {children}
        {action && <div className="gc-status-action">{action}</div>}
      </div>
    </div>
  );
}
