import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';

/** The arrow before a page's title that goes back to its list; `label` names it for screen readers. */
export function BackButton({ to, label }: { to: string; label: string }) {
  const navigate = useNavigate();
  return <Button type="text" icon={<ArrowLeftOutlined />} aria-label={label} onClick={() => navigate(to)} />;
}
