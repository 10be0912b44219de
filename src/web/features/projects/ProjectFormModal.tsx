import { useEffect, useState } from 'react';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../api/applyFieldErrors';
import { useSession } from '../../session/useSession';
import {
  allPlatforms,
  DOMAIN_PREFIX_MAX,
  DOMAIN_PREFIX_PATTERN,
  PROJECT_NAME_MAX,
  type Platform,
  type Project,
} from './projectTypes';

interface ProjectForm {
  name: string;
  domainPrefix: string;
  platforms: Platform[];
}

interface Props {
  open: boolean;
  /** Undefined to create a project. */
  project?: Project;
  onClose(): void;
  onSaved(project: Project | undefined): void;
}

/** Create a project (name, domain prefix, platforms) or edit its name and prefix. */
export function ProjectFormModal({ open, project, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { client } = useSession();
  const [form] = Form.useForm<ProjectForm>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (project) form.setFieldsValue({ name: project.name, domainPrefix: project.domainPrefix });
  }, [open, project, form]);

  async function submit(values: ProjectForm) {
    setBusy(true);
    try {
      const saved = project
        ? await client.put<Project>(`/api/projects/${encodeURIComponent(project.id)}`, {
            name: values.name,
            domainPrefix: values.domainPrefix,
          })
        : await client.post<Project>('/api/projects', values);
      onSaved(saved);
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t(project ? 'projects:edit.title' : 'projects:create.title')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ProjectForm>
        name="project"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ platforms: allPlatforms }}
      >
        <Form.Item
          name="name"
          label={t('projects:field.name')}
          rules={[{ required: true, whitespace: true }, { max: PROJECT_NAME_MAX }]}
        >
          <Input maxLength={PROJECT_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="domainPrefix"
          label={t('projects:field.domainPrefix')}
          extra={t('projects:field.domainPrefixHelp')}
          rules={[
            { required: true },
            { max: DOMAIN_PREFIX_MAX },
            { pattern: DOMAIN_PREFIX_PATTERN, message: t('projects:rule.domainPrefix') },
          ]}
        >
          <Input maxLength={DOMAIN_PREFIX_MAX} showCount />
        </Form.Item>
        {!project && (
          <Form.Item
            name="platforms"
            label={t('projects:field.platforms')}
            rules={[{ required: true, type: 'array', min: 1, message: t('projects:rule.platformRequired') }]}
          >
            <Checkbox.Group
              options={allPlatforms.map((value) => ({ value, label: t(`projects:platform.${value}`) }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
