import { useState } from 'react';
import { Button, Empty, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { projectPath } from '../../../app/routeTable';
import { useSession } from '../../../session/useSession';
import { linkConfigPath, linkRoutes } from '../linkRoutes';
import { useOptions } from '../useOptions';

interface Props {
  open: boolean;
  onClose(): void;
}

/** A link is made from a template: pick one, then open the link editor for it. */
export function NewLinkModal({ open, onClose }: Props) {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const { options, loading } = useOptions('/api/link-templates', q);
  const [templateId, setTemplateId] = useState<string>();
  const noTemplates = !loading && !q && options.length === 0;

  return (
    <Modal
      open={open}
      title={t('links:links.add')}
      okText={t('links:links.continue')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !templateId }}
      onOk={() => templateId && navigate(linkConfigPath(projectId, templateId))}
      onCancel={onClose}
      destroyOnHidden
    >
      {noTemplates ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('links:links.needTemplate')}>
          <Button type="primary" onClick={() => navigate(projectPath(linkRoutes.templateConfig, projectId))}>
            {t('links:templates.add')}
          </Button>
        </Empty>
      ) : (
        <Select
          showSearch={{ filterOption: false, onSearch: setQ }}
          style={{ width: '100%' }}
          loading={loading}
          placeholder={t('links:links.chooseTemplate')}
          aria-label={t('links:links.chooseTemplate')}
          options={options}
          value={templateId}
          onChange={setTemplateId}
        />
      )}
    </Modal>
  );
}
